import { boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";
import { documents } from "./documents";
import { roleEnum, workspaces } from "./workspaces";

/** Pending → accepted | revoked | expired (docs/product.md "States"). Only the token's hash is stored. */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Stored lower-case. */
    email: text("email").notNull(),
    role: roleEnum("role").notNull(),
    /** SHA-256 (hex) of the token in the link; the token itself is shown once. */
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("invitations_workspace_idx").on(t.workspaceId)],
);

/** A public link to a document (and optionally its children); it answers only while live. */
export const shares = pgTable(
  "shares",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    /** Unguessable, URL-safe, 22+ characters; it is the URL, so it is stored as is. */
    token: text("token").notNull().unique(),
    includeChildren: boolean("include_children").notNull().default(false),
    allowIndexing: boolean("allow_indexing").notNull().default(false),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("shares_document_idx").on(t.documentId)],
);
