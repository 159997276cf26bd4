import { apiTokens } from "@/server/db/schema";
import type { ApiTokenDto, TokenScope, TokenStatus } from "@/shared/api-tokens";

/** An api_tokens row as the services read it. */
export interface ApiTokenRow {
  id: string;
  name: string;
  tokenPrefix: string;
  scope: TokenScope;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/** Whether the token works at `now`. */
export function tokenStatus(row: Pick<ApiTokenRow, "expiresAt" | "revokedAt">, now = new Date()): TokenStatus {
  if (row.revokedAt) return "revoked";
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return "expired";
  return "active";
}

/** The settings list's view of a token. */
export function presentApiToken(row: ApiTokenRow, now = new Date()): ApiTokenDto {
  return {
    id: row.id,
    name: row.name,
    prefix: row.tokenPrefix,
    scope: row.scope,
    status: tokenStatus(row, now),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/** The columns to select for presentApiToken. */
export const API_TOKEN_COLUMNS = {
  id: apiTokens.id,
  name: apiTokens.name,
  tokenPrefix: apiTokens.tokenPrefix,
  scope: apiTokens.scope,
  createdAt: apiTokens.createdAt,
  lastUsedAt: apiTokens.lastUsedAt,
  expiresAt: apiTokens.expiresAt,
  revokedAt: apiTokens.revokedAt,
};
