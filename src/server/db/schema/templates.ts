import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";
import type { StoredDelta } from "./documents";
import { workspaces } from "./workspaces";

/**
 * A workspace's document template (docs/product.md "Templates"): a name, a description and a
 * body kept as a sanitised Quill delta — not a hidden document, so it has no Yjs state, no
 * tree place, no search entry and no revisions. Creating a document from it copies the delta
 * (placeholders filled) into the new document's first Yjs state.
 */
export const documentTemplates = pgTable(
  "document_templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** Sanitised by the editor's rules (body/sanitize-delta.ts) on every write. */
    body: jsonb("body").$type<StoredDelta>().notNull(),
    /** Which built-in template this row was seeded from ("meeting-notes"…); null for members' own. */
    builtInKey: text("built_in_key"),
    /** null for built-in templates and once the author's account is gone. */
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("document_templates_workspace_idx").on(t.workspaceId)],
);
