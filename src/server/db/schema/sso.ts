import { pgTable, text, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { roleEnum, workspaces } from "./workspaces";

/**
 * A workspace's own OpenID Connect provider (docs/product.md "Single sign-on"): at most one per
 * workspace. better-auth knows it as the social provider `workspace-<workspaceId>`, built from
 * this row when a sign-in or callback names it (auth/sso-plugin.ts).
 */
export const workspaceSsoProviders = pgTable("workspace_sso_providers", {
  id: uuid("id").primaryKey().defaultRandom(),
  workspaceId: uuid("workspace_id")
    .notNull()
    .unique()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  /** The button says "Sign in with <label>". */
  label: text("label").notNull(),
  /** Discovery is read from <issuer>/.well-known/openid-configuration. */
  issuer: text("issuer").notNull(),
  clientId: text("client_id").notNull(),
  /** Encrypted with the auth secret (better-auth's symmetricEncrypt); never shown again after saving. */
  clientSecret: text("client_secret").notNull(),
  /** Lower-case email domains allowed in; empty: any the provider vouches for. */
  allowedDomains: text("allowed_domains").array().notNull().default([]),
  /** The role a person gets when their first sign-in through this provider makes them a member. */
  defaultRole: roleEnum("default_role").notNull().default("editor"),
  ...timestamps,
});
