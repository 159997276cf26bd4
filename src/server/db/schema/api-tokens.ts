import { index, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { TOKEN_SCOPES } from "@/shared/api-tokens";
import { users } from "./auth";
import { timestamps } from "./columns";
import { workspaces } from "./workspaces";

export const tokenScopeEnum = pgEnum("token_scope", TOKEN_SCOPES);

/** A personal API token: acts as its user in one workspace, limited to its scope. Only its hash is stored. */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    scope: tokenScopeEnum("scope").notNull(),
    /** SHA-256 (hex) of the token; the token itself is shown once. */
    tokenHash: text("token_hash").notNull().unique(),
    /** The token's first characters, so people can tell their tokens apart. */
    tokenPrefix: text("token_prefix").notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    /** null: never expires. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("api_tokens_user_workspace_idx").on(t.userId, t.workspaceId)],
);
