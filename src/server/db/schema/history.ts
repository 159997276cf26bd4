import { index, integer, jsonb, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { REVISION_KINDS } from "@/shared/revisions";
import { users } from "./auth";
import { timestamps } from "./columns";
import type { StoredDelta } from "./documents";
import { documents } from "./documents";
import { workspaces } from "./workspaces";

export const revisionKindEnum = pgEnum("revision_kind", REVISION_KINDS);

/**
 * A frozen copy of a document's title and body (docs/product.md "States"): `auto` after 5 minutes of
 * change, `named` when someone saves a version, `restore` just before a restore replaces the
 * body. Never updated after insert.
 */
export const revisions = pgTable(
  "revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    documentId: text("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    /** Denormalised from the document, so backups and workspace deletes need no join. */
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    kind: revisionKindEnum("kind").notNull(),
    /** The version's name (`named`); null otherwise. */
    name: text("name"),
    title: text("title").notNull(),
    /** The body as a sanitised Quill delta (the same shape as documents.content). */
    delta: jsonb("delta").$type<StoredDelta>().notNull(),
    /** Characters of plain text, for the timeline. */
    size: integer("size").notNull(),
    /** Who made the revision (the namer or restorer; for `auto` the last writer). */
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    /** Everyone whose edits went into this revision since the one before it. */
    authorIds: text("author_ids").array().notNull().default([]),
    ...timestamps,
  },
  (t) => [index("revisions_document_created_idx").on(t.documentId, t.createdAt, t.id)],
);
