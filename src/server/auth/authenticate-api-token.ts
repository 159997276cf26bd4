import { and, eq, lt, or, isNull } from "drizzle-orm";
import { TOKEN_PREFIX } from "@/shared/api-tokens";
import type { Actor, ApiGrant } from "@/server/context";
import type { Db } from "@/server/db/client";
import { apiTokens, memberships, users } from "@/server/db/schema";
import { tokenStatus } from "@/shared/api-tokens";
import { hashApiToken } from "./api-token-secret";
import { mustConfirmAddress } from "./unconfirmed-accounts";

/** How often a token's lastUsedAt is written at most: a busy integration must not cost a write per request. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** Who a working token acts for, and what it allows. */
export interface TokenIdentity {
  actor: Actor;
  grant: ApiGrant;
  /** The account's address is unconfirmed and it has a password (unconfirmed-accounts.ts): refused while SMTP is set up. */
  mustConfirmAddress: boolean;
}

/**
 * The user and grant of a working API token, or null for anything else: malformed, unknown,
 * revoked, expired, or whose user is no longer a member of its workspace (removal makes
 * every token of theirs there useless at once). Records the use, at most once a minute.
 */
export async function authenticateApiToken(db: Db, token: string, now = new Date()): Promise<TokenIdentity | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return null;
  const [row] = await db
    .select({
      tokenId: apiTokens.id,
      workspaceId: apiTokens.workspaceId,
      scope: apiTokens.scope,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      lastUsedAt: apiTokens.lastUsedAt,
      // The user's two-factor as it is now (one column of a row already read): a workspace that
      // requires it refuses the token of someone without it (docs/product.md "Account security").
      user: { id: users.id, name: users.name, email: users.email, color: users.color, twoFactorEnabled: users.twoFactorEnabled, hasPassword: users.hasPassword, emailVerified: users.emailVerified },
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .innerJoin(memberships, and(eq(memberships.workspaceId, apiTokens.workspaceId), eq(memberships.userId, apiTokens.userId)))
    .where(eq(apiTokens.tokenHash, hashApiToken(token)))
    .limit(1);
  if (!row || tokenStatus(row, now) !== "active") return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await recordUse(db, row.tokenId, now);
  }
  const { hasPassword, emailVerified, ...user } = row.user;
  return {
    actor: { ...user, passwordless: !hasPassword },
    grant: { tokenId: row.tokenId, workspaceId: row.workspaceId, scope: row.scope },
    mustConfirmAddress: mustConfirmAddress({ emailVerified, hasPassword }),
  };
}

// Conditional, so concurrent requests of one token write once per resolution window.
async function recordUse(db: Db, tokenId: string, now: Date): Promise<void> {
  const threshold = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(apiTokens.id, tokenId), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, threshold))));
}
