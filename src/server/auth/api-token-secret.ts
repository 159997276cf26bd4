import crypto from "node:crypto";
import { TOKEN_PREFIX } from "@/shared/api-tokens";

/** How many characters of a token are kept in the clear to tell tokens apart (`quire_` + 4). */
export const TOKEN_PREFIX_CHARS = TOKEN_PREFIX.length + 4;

/** A new API token (`quire_` + 32 random bytes, base64url), with the hash and prefix the database keeps. */
export function newApiTokenSecret(): { token: string; tokenHash: string; tokenPrefix: string } {
  const token = `${TOKEN_PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
  return { token, tokenHash: hashApiToken(token), tokenPrefix: token.slice(0, TOKEN_PREFIX_CHARS) };
}

/** The stored form of a token (hex SHA-256): a database leak reveals no usable token. */
export function hashApiToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}
