import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { customType, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";
import { workspaces } from "./workspaces";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** A Quill delta as stored: `{ ops: [...] }`. */
export interface StoredDelta {
  ops: Array<{ insert?: unknown; delete?: number; retain?: number | Record<string, unknown>; attributes?: Record<string, unknown> }>;
}

export const documents = pgTable(
  "documents",
  {
    /** 12 lower-case letters and digits: short in URLs, never contains "-" (see document-slug). */
    id: text("id").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** null: top level. Purging a parent purges its subtree first, so this never dangles. */
    parentId: text("parent_id").references((): AnyPgColumn => documents.id, { onDelete: "cascade" }),
    /** Fractional index among siblings (fractional-indexing); the column has COLLATE "C" (set in drizzle/0001) so it sorts by byte like the keys. */
    position: text("position").notNull(),
    title: text("title").notNull().default(""),
    /** The Yjs state: the source of truth for the body. */
    ydoc: bytea("ydoc"),
    /** Derived from ydoc on every store; never edited directly. */
    content: jsonb("content").$type<StoredDelta>().notNull().default({ ops: [{ insert: "\n" }] }),
    /** Plain text of the body, derived. */
    text: text("text").notNull().default(""),
    /** The body rendered to the editor's HTML, derived and sanitised (served on page load). */
    html: text("html").notNull().default(""),
    /** Title (weight A) and body (weight B), derived. */
    searchVector: tsvector("search_vector"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    /** Set on the document the user trashed and on all its descendants, with the same time. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    deletedBy: text("deleted_by").references(() => users.id, { onDelete: "set null" }),
    /** The document whose trashing took this one with it (itself for the one trashed). */
    deletedRootId: text("deleted_root_id"),
    ...timestamps,
  },
  (t) => [
    index("documents_workspace_parent_idx").on(t.workspaceId, t.parentId),
    index("documents_workspace_updated_idx").on(t.workspaceId, t.updatedAt),
    index("documents_deleted_root_idx").on(t.deletedRootId),
    index("documents_search_idx").using("gin", t.searchVector),
  ],
);

export const favorites = pgTable(
  "favorites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [unique("favorites_user_document_unique").on(t.userId, t.documentId)],
);

export const files = pgTable(
  "files",
  {
    id: text("id").primaryKey(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    documentId: text("document_id").references(() => documents.id, { onDelete: "set null" }),
    uploaderId: text("uploader_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    mime: text("mime").notNull(),
    /** Bytes. */
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    /** Key in the blob store (see server/files/blob-store.ts). */
    storageKey: text("storage_key").notNull(),
    ...timestamps,
  },
  (t) => [index("files_document_idx").on(t.documentId)],
);
