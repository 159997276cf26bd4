import { index, inet, jsonb, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { AuditDetails } from "@/shared/audit-events";
import { AUDIT_EVENT_KINDS } from "@/shared/audit-events";
import { users } from "./auth";
import { timestamps } from "./columns";
import { workspaces } from "./workspaces";

export const auditEventKindEnum = pgEnum("audit_event_kind", AUDIT_EVENT_KINDS);

/**
 * Who did what, when, in a workspace (docs/product.md "Audit log"). Never updated after insert;
 * deleted after AUDIT_RETENTION_DAYS. The target's label is a copy, so the log still reads once
 * the member, document or token it names is gone.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** null: no signed-in person (a failed sign-in), or an account since deleted. */
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor's name and email when it happened, for the same reason as the target's label. */
    actorLabel: text("actor_label"),
    kind: auditEventKindEnum("kind").notNull(),
    targetId: text("target_id"),
    targetLabel: text("target_label"),
    details: jsonb("details").$type<AuditDetails>().notNull().default({}),
    ipAddress: inet("ip_address"),
    ...timestamps,
  },
  (t) => [
    // Keyset paging, newest first: (created_at, id) < cursor within a workspace.
    index("audit_events_workspace_created_idx").on(t.workspaceId, t.createdAt.desc(), t.id.desc()),
    index("audit_events_workspace_actor_created_idx").on(t.workspaceId, t.actorId, t.createdAt.desc()),
    index("audit_events_workspace_kind_created_idx").on(t.workspaceId, t.kind, t.createdAt.desc()),
    // Retention deletes by age across workspaces.
    index("audit_events_created_idx").on(t.createdAt),
  ],
);
