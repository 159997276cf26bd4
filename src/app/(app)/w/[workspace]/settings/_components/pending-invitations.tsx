"use client";

import { EmptyList } from "@/components/ui/empty-list";
import { RowActionNotice } from "@/components/ui/row-action-notice";
import { ShownOnce } from "@/components/ui/shown-once";
import { useRowActions } from "@/lib/use-row-actions";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
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
 * Invitations nobody has accepted yet, with New link and Revoke (after confirming) for those the
 * viewer may manage. Only a hash of each link is stored, so a lost link is replaced, not shown
 * again. After New link focus moves to the new link's field, to copy it; after Revoke, to the
 * next row's Revoke (else the previous row's, else the heading): ConfirmDialog's return of focus.
 */
export function PendingInvitations({ invitations }: { invitations: PendingInvitationDto[] }) {
  const { isPending, notice, run } = useRowActions();
  const [reissued, setReissued] = useState<{ invitationId: string; created: InvitationCreatedDto } | null>(null);
  const [confirming, setConfirming] = useState<PendingInvitationDto | null>(null);
  const reissuedBox = useRef<HTMLDivElement>(null);
  const reissuedNoteId = useId();

  // The new link is what the person came for: its field takes focus (and selects the link) to be copied.
  useEffect(() => {
    if (reissued) reissuedBox.current?.querySelector("input")?.focus();
  }, [reissued]);

  const reissue = (invitation: PendingInvitationDto) =>
    run(
      () => reissueInvitationAction({ invitationId: invitation.id }),
      (created) => {
        setReissued({ invitationId: invitation.id, created });
        return null;
      },
    );

  const revoke = (invitation: PendingInvitationDto) => {
    setConfirming(null);
    run(
      () => revokeInvitationAction({ invitationId: invitation.id }),
      () => {
        setReissued(null);
        return `Revoked the invitation for ${invitation.email}. Its link no longer works.`;
      },
    );
  };

  return (
    <section aria-labelledby="pending-heading" className="flex flex-col gap-3">
      <h2 id="pending-heading" className="text-lg font-medium">
        Pending invitations
      </h2>
      <RowActionNotice notice={notice} />
      {reissued ? (
        <div ref={reissuedBox}>
          <ShownOnce isStatus={false}>
            {/* The field takes focus: its description says whether the link was emailed and that the old one stopped working. */}
            <p id={reissuedNoteId} className="text-sm">
              <span className="font-medium">{reissued.created.email}</span>: {REISSUED_NOTES[reissued.created.emailStatus]}
            </p>
            <CopyField value={reissued.created.link} label={`New invitation link for ${reissued.created.email}`} noun="link" describedBy={reissuedNoteId} />
          </ShownOnce>
        </div>
      ) : null}
      {invitations.length === 0 ? (
        <EmptyList>No pending invitations.</EmptyList>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border" aria-busy={isPending}>
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              {/* At least 16rem for it: below that the buttons wrap under it rather than squeeze it (a phone, a narrow column). */}
              <div className="min-w-0 flex-[1_1_16rem]">
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
                  variant="ghost-danger"
                  disabled={isPending}
                  onClick={() => setConfirming(invitation)}
                  aria-label={`Revoke the invitation for ${invitation.email}`}
                >
                  Revoke
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title="Revoke this invitation?"
        description={`The link sent to ${confirming?.email ?? ""} stops working at once. To let them join later, invite them again.`}
        confirmLabel="Revoke invitation"
        onConfirm={() => confirming && revoke(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
