import { boolean, index, pgEnum, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { ROLES } from "@/shared/roles";
import { users } from "./auth";
import { timestamps } from "./columns";

export const roleEnum = pgEnum("role", ROLES);

export const workspaces = pgTable("workspaces", {
  id: uuid("id").primaryKey().defaultRandom(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  /** Members without two-factor authentication are sent to enrol before they use the workspace. */
  requireTwoFactor: boolean("require_two_factor").notNull().default(false),
  /**
   * When the built-in templates were added (docs/product.md "Templates"): at creation, or lazily
   * the first time templates are listed in a workspace made before templates existed (null).
   */
  templatesSeededAt: timestamp("templates_seeded_at", { withTimezone: true }),
  ...timestamps,
});

/**
 * Addresses a workspace had before its owners changed it: a page under an old `/w/<slug>`
 * redirects to the current one, for members. A slug here is free for another workspace to
 * take (current addresses win); taking it removes the redirect.
 */
export const workspaceSlugRedirects = pgTable(
  "workspace_slug_redirects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    oldSlug: text("old_slug").notNull(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [unique("workspace_slug_redirects_old_slug_unique").on(t.oldSlug), index("workspace_slug_redirects_workspace_idx").on(t.workspaceId)],
);

export const memberships = pgTable(
  "memberships",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: roleEnum("role").notNull(),
    /** Drives the redirect from `/` to the user's last workspace. */
    lastVisitedAt: timestamp("last_visited_at", { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    unique("memberships_workspace_user_unique").on(t.workspaceId, t.userId),
    index("memberships_user_id_idx").on(t.userId),
  ],
);
