import { INVITATION_TTL_DAYS } from "@/shared/invitations";

export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

/** Pending → accepted | revoked | expired (PRODUCT.md §3). */
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

/** What a visitor is told about a link that no longer works. */
export const INVITATION_MESSAGES = {
  invalid: "This invitation link isn't valid. Check that you copied all of it, or ask for a new invitation.",
  accepted: "This invitation has already been used. If it was yours, sign in to open the workspace.",
  revoked: "This invitation was withdrawn. Ask the person who invited you for a new one.",
  expired: `This invitation has expired: links work for ${INVITATION_TTL_DAYS} days. Ask the person who invited you for a new one.`,
} as const;
