import { apiTokens } from "@/server/db/schema";

/** The columns of an api_tokens row that its presenter needs (presentApiToken's ApiTokenRow). */
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
