import crypto from "node:crypto";

/** A new invitation secret for the link, and the SHA-256 hash that is all the database keeps. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  // 32 random bytes: unguessable, and URL-safe as 43 base64url characters.
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, tokenHash: hashInvitationToken(token) };
}

/** The stored form of an invitation token (hex SHA-256). */
export function hashInvitationToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}
