"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { revokeInvitationAction } from "@/server/actions/member-actions";
import type { PendingInvitationDto } from "@/shared/dto";
import { ROLE_LABELS } from "@/shared/roles";
import { LocalTime } from "@/components/time/local-time";


/** Invitations nobody has accepted yet, with Revoke for those the viewer may withdraw. */
export function PendingInvitations({ invitations }: { invitations: PendingInvitationDto[] }) {
  const router = useRouter();
  const [isPending, startTransition] = useTransition();
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);

  const revoke = (invitation: PendingInvitationDto) =>
    startTransition(async () => {
      const result = await revokeInvitationAction({ invitationId: invitation.id });
      if (!result.ok) return setMessage({ text: result.message, isError: true });
      setMessage({ text: `Revoked the invitation for ${invitation.email}. Its link no longer works.`, isError: false });
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
