"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-field";
import { reissueInvitationAction, revokeInvitationAction } from "@/server/actions/member-actions";
import type { InvitationCreatedDto, PendingInvitationDto } from "@/shared/dto";
import { ROLE_LABELS } from "@/shared/roles";
import { LocalTime } from "@/components/time/local-time";

const REISSUED_NOTES: Record<InvitationCreatedDto["emailStatus"], string> = {
  sent: "A new link, emailed to them as well. The earlier link no longer works.",
  not_configured: "A new link to send them yourself. The earlier link no longer works.",
  failed: "A new link; the email could not be sent, so send it yourself. The earlier link no longer works.",
};

/**
 * Invitations nobody has accepted yet, with New link and Revoke for those the viewer may manage.
 * Only a hash of each link is stored, so a lost link is replaced, not shown again.
 */
export function PendingInvitations({ invitations }: { invitations: PendingInvitationDto[] }) {
  const router = useRouter();
  const [isPending, startTransition] = useTransition();
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);
  const [reissued, setReissued] = useState<{ invitationId: string; created: InvitationCreatedDto } | null>(null);

  const reissue = (invitation: PendingInvitationDto) =>
    startTransition(async () => {
      const result = await reissueInvitationAction({ invitationId: invitation.id });
      if (!result.ok) return setMessage({ text: result.message, isError: true });
      setMessage(null);
      setReissued({ invitationId: invitation.id, created: result.data });
      router.refresh();
    });

  const revoke = (invitation: PendingInvitationDto) =>
    startTransition(async () => {
      const result = await revokeInvitationAction({ invitationId: invitation.id });
      if (!result.ok) return setMessage({ text: result.message, isError: true });
      setMessage({ text: `Revoked the invitation for ${invitation.email}. Its link no longer works.`, isError: false });
      setReissued(null);
      router.refresh();
    });

  return (
    <section aria-labelledby="pending-heading" className="flex flex-col gap-3">
      <h2 id="pending-heading" className="text-lg font-medium">
        Pending invitations
      </h2>
      {message ? (
        <p role={message.isError ? "alert" : "status"} className={`text-sm ${message.isError ? "text-danger" : "text-success"}`}>
          {message.text}
        </p>
      ) : null}
      {reissued ? (
        <div className="flex flex-col gap-2 rounded-xl border border-border bg-surface p-4">
          <p className="text-sm">
            <span className="font-medium">{reissued.created.email}</span>: {REISSUED_NOTES[reissued.created.emailStatus]}
          </p>
          <CopyField value={reissued.created.link} label={`New invitation link for ${reissued.created.email}`} noun="link" />
        </div>
      ) : null}
      {invitations.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted">No pending invitations.</p>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border" aria-busy={isPending}>
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium" title={invitation.email}>
                  {invitation.email}
                </p>
                <p className="text-xs text-muted">
                  {ROLE_LABELS[invitation.role]}
                  {invitation.inviterName ? ` · invited by ${invitation.inviterName}` : ""} · expires{" "}
                  <LocalTime value={invitation.expiresAt} />
                </p>
              </div>
              {invitation.canRevoke ? (
                <Button variant="secondary" disabled={isPending} onClick={() => reissue(invitation)} aria-label={`New link for ${invitation.email}`}>
                  New link
                </Button>
              ) : null}
              {invitation.canRevoke ? (
                <Button
                  variant="ghost"
                  className="text-danger"
                  disabled={isPending}
                  onClick={() => revoke(invitation)}
                  aria-label={`Revoke the invitation for ${invitation.email}`}
                >
                  Revoke
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
