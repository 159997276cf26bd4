import { INVITATION_TTL_DAYS } from "@/shared/invitations";

export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

/** Pending → accepted | revoked | expired (docs/product.md "States"). */
export type InvitationStatus = "pending" | "accepted" | "revoked" | "expired";

/** Where an invitation stands at `now`. Accepted and revoked win over expired: they happened first. */
export function invitationStatus(
  invitation: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date },
  now: Date,
): InvitationStatus {
  if (invitation.acceptedAt) return "accepted";
  if (invitation.revokedAt) return "revoked";
  if (invitation.expiresAt.getTime() <= now.getTime()) return "expired";
  return "pending";
}
