/** What an API token may do in its workspace (docs/product.md "Roles"): `read` caps its user's role at viewer. */
export const TOKEN_SCOPES = ["read", "write"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Every API token starts with this, so secret scanners and people can recognise one. */
export const TOKEN_PREFIX = "quire_";

/** Whether a token still works: `expired` and `revoked` ones answer 401. */
export type TokenStatus = "active" | "expired" | "revoked";

/** Whether a token with these dates works at `now`. */
export function tokenStatus(token: { expiresAt: Date | null; revokedAt: Date | null }, now = new Date()): TokenStatus {
  if (token.revokedAt) return "revoked";
  if (token.expiresAt && token.expiresAt.getTime() <= now.getTime()) return "expired";
  return "active";
}

/** A token as its owner sees it in settings (never the token itself after creation). */
export interface ApiTokenDto {
  id: string;
  name: string;
  /** The token's first characters, e.g. `quire_Ab3x`. */
  prefix: string;
  scope: TokenScope;
  status: TokenStatus;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}

/** What creating a token answers: the token itself, shown once. */
export interface ApiTokenCreatedDto {
  token: string;
  apiToken: ApiTokenDto;
}
