import type { ApiTokenDto, TokenScope } from "@/shared/api-tokens";
import { tokenStatus } from "@/shared/api-tokens";

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
