"use client";

import Link from "next/link";
import { useState } from "react";
import { RowActionNotice } from "@/components/ui/row-action-notice";
import { useRowActions } from "@/lib/use-row-actions";
import { Avatar } from "@/components/ui/avatar";
import { Button, buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { changeMemberRoleAction, leaveWorkspaceAction, removeMemberAction } from "@/server/actions/member-actions";
import type { MemberDto } from "@/shared/dto";
import type { Role } from "@/shared/roles";
import { ROLE_LABELS, roleWithArticle } from "@/shared/roles";
import { LocalTime } from "@/components/time/local-time";


type Confirming = { kind: "remove"; member: MemberDto } | { kind: "leave" };

/**
 * Everyone in the workspace with their role. What each viewer may change (role menus,
 * Remove, Leave) comes with each member from the policy the server enforces again.
 */
export function MembersList({
  members,
  workspace,
  canInvite,
}: {
  members: MemberDto[];
  workspace: { id: string; slug: string; name: string };
  canInvite: boolean;
}) {
  const { isPending, notice, run, router } = useRowActions();
  const [confirming, setConfirming] = useState<Confirming | null>(null);

  const changeRole = (member: MemberDto, role: Role) =>
    run(() => changeMemberRoleAction({ workspaceId: workspace.id, userId: member.userId, role }), () => `${member.name} is now ${roleWithArticle(role)}.`);
  const remove = (member: MemberDto) => {
    setConfirming(null);
    run(() => removeMemberAction({ workspaceId: workspace.id, userId: member.userId }), () => `Removed ${member.name} from the workspace.`);
  };
  const leave = () => {
    setConfirming(null);
    run(
      () => leaveWorkspaceAction({ workspaceId: workspace.id }),
      () => {
        router.replace("/");
        return null;
      },
      // The page being left is no longer the leaver's to see.
      { refresh: false },
    );
  };

  return (
    <section aria-labelledby="members-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="members-heading" className="text-lg font-medium">
          {members.length === 1 ? "1 member" : `${members.length} members`}
        </h2>
        {canInvite ? (
          <Link href={`/w/${workspace.slug}/settings/invitations`} className={buttonClass("secondary")}>
            Invite people
          </Link>
        ) : null}
      </div>
      <RowActionNotice notice={notice} />
      <ul className="divide-y divide-border rounded-xl border border-border" aria-busy={isPending}>
        {members.map((member) => (
          <MemberRow
            key={member.userId}
            member={member}
            isPending={isPending}
            onChangeRole={(role) => changeRole(member, role)}
            onRemove={() => setConfirming({ kind: "remove", member })}
            onLeave={() => setConfirming({ kind: "leave" })}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.kind === "remove" ? `Remove ${confirming.member.name}?` : `Leave ${workspace.name}?`}
        description={
          confirming?.kind === "remove"
            ? `${confirming.member.name} will lose access to ${workspace.name} and its documents. You can invite them again later.`
            : `You will lose access to ${workspace.name} and its documents until someone invites you again.`
        }
        confirmLabel={confirming?.kind === "remove" ? "Remove" : "Leave workspace"}
        onConfirm={() => (confirming?.kind === "remove" ? remove(confirming.member) : leave())}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}

function MemberRow({
  member,
  isPending,
  onChangeRole,
  onRemove,
  onLeave,
}: {
  member: MemberDto;
  isPending: boolean;
  onChangeRole: (role: Role) => void;
  onRemove: () => void;
  onLeave: () => void;
}) {
  const roleId = `role-${member.userId}`;
  const onlyOwnerHintId = `only-owner-${member.userId}`;
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3">
      <Avatar name={member.name} color={member.color} size={32} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium" title={member.name}>
          {member.name}
          {member.isSelf ? <span className="text-muted"> (you)</span> : null}
        </p>
        <p className="truncate text-sm text-muted" title={member.email}>
          {member.email}
        </p>
      </div>
      <div className="flex basis-full flex-wrap items-center gap-2 pl-11 text-sm sm:basis-auto sm:justify-end sm:pl-0">
        <div className="sm:text-right">
          {member.abilities.changeRole ? (
            <select
              id={roleId}
              aria-label={`Role for ${member.name}`}
              value={member.role}
              disabled={isPending}
              onChange={(event) => onChangeRole(event.target.value as Role)} // options are roleOptions
              className="min-h-9 rounded-md border border-input-border bg-raised px-2 text-sm text-fg"
            >
              {member.roleOptions.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          ) : (
            <p>{ROLE_LABELS[member.role]}</p>
          )}
          <p className="text-xs text-muted">Joined <LocalTime value={member.joinedAt} style="date" /></p>
        </div>
        {member.abilities.remove ? (
          <Button variant="ghost-danger" disabled={isPending} onClick={onRemove} aria-label={`Remove ${member.name}`}>
            Remove
          </Button>
        ) : null}
        {member.isSelf ? (
          <Button
            variant="ghost-danger"
            disabled={isPending || !member.abilities.leave}
            aria-describedby={member.isOnlyOwner ? onlyOwnerHintId : undefined}
            onClick={onLeave}
          >
            Leave workspace
          </Button>
        ) : null}
        {member.isSelf && member.isOnlyOwner ? (
          <p id={onlyOwnerHintId} className="basis-full text-xs text-muted sm:text-right">
            You&apos;re the only owner: make someone else an owner before you leave or change your role.
          </p>
        ) : null}
      </div>
    </li>
  );
}
