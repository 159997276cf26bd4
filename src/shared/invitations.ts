/** How long an invitation link works (docs/product.md "Limits"). */
export const INVITATION_TTL_DAYS = 7;

/** What a visitor is told about a link that no longer works. */
export const INVITATION_MESSAGES = {
  invalid: "This invitation link isn't valid. Check that you copied all of it, or ask for a new invitation.",
  accepted: "This invitation has already been used. If it was yours, sign in to open the workspace.",
  revoked: "This invitation was withdrawn. Ask the person who invited you for a new one.",
  expired: `This invitation has expired: links work for ${INVITATION_TTL_DAYS} days. Ask the person who invited you for a new one.`,
} as const;
