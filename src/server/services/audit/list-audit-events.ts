import type { AuditEventFilters } from "@/shared/schemas/audit";
import { API_PAGE_SIZE } from "@/shared/schemas/api-v1";
import type { ServiceContext } from "@/server/context";
import { AppError, authorize } from "@/server/errors";
import { clampToStoredMoments } from "@/shared/stored-values";
import { workspaceAbilities } from "@/server/policies/workspace-policy";
import { findWorkspaceForMember, WORKSPACE_NOT_FOUND } from "@/server/services/workspaces/find-workspace-for-member";
import { decodeAuditCursor, encodeAuditCursor } from "./internal/audit-cursor";
import type { AuditEventRow, AuditEventWhere } from "./internal/audit-event-query";
import { selectAuditEvents } from "./internal/audit-event-query";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AuditEventListPage {
  workspace: { id: string; slug: string; name: string };
  events: AuditEventRow[];
  nextCursor: string | null;
}

/** A workspace reference and filters as the page, the API and the CSV take them. */
export interface AuditEventRequest extends Omit<AuditEventFilters, "workspace"> {
  workspace: { id: string } | { slug: string };
}

/**
 * One page of a workspace's audit log, newest first; admins and owners (an admin's read token
 * too: reading the log changes nothing).
 * @throws AppError not_found (not a member, another workspace for a token) | forbidden (below admin) | bad_request (a bad cursor)
 */
export async function listAuditEvents(ctx: ServiceContext, request: AuditEventRequest & { cursor?: string | null; limit?: number }): Promise<AuditEventListPage> {
  const where = await authorizeAuditLog(ctx, request);
  const limit = request.limit ?? API_PAGE_SIZE;
  const rows = await selectAuditEvents(ctx.db, where.where, request.cursor ? decodeAuditCursor(request.cursor) : null, limit + 1);
  const events = rows.slice(0, limit);
  const last = events.at(-1);
  return { workspace: where.workspace, events, nextCursor: rows.length > limit && last ? encodeAuditCursor(last) : null };
}

/**
 * Checks the actor may read the workspace's log and turns the filters into a query's terms.
 * Exported for the CSV, which pages through the same query. @throws AppError not_found | forbidden
 */
export async function authorizeAuditLog(ctx: ServiceContext, request: AuditEventRequest) {
  const workspace = await findWorkspaceForMember(ctx, request.workspace);
  if (ctx.grant && ctx.grant.workspaceId !== workspace.id) throw new AppError("not_found", WORKSPACE_NOT_FOUND);
  authorize(workspaceAbilities(workspace.readRole).viewAuditLog, "Only admins and owners can read the audit log.");
  const where: AuditEventWhere = {
    workspaceId: workspace.id,
    ...(request.actor ? { actorId: request.actor } : {}),
    ...(request.kind ? { kind: request.kind } : {}),
    ...(request.from ? { from: momentOf(request.from, "start") } : {}),
    ...(request.to ? { to: momentOf(request.to, "end") } : {}),
  };
  return { workspace: { id: workspace.id, slug: workspace.slug, name: workspace.name }, where };
}

/**
 * A day (YYYY-MM-DD, UTC) as its start or its end (the next day's start); a moment as itself.
 * Kept in the moments PostgreSQL stores (the end of 9999-12-31, or a settings page's day shifted by
 * the reader's zone, may fall past them): no event lies outside, so the filter means the same.
 * @throws AppError bad_request for a value that is no date
 */
function momentOf(value: string, edge: "start" | "end"): Date {
  const isDay = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const start = Date.parse(isDay ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(start)) throw new AppError("bad_request", "Give a day (2026-11-25) or a moment (2026-11-25T14:30:00Z).");
  return new Date(clampToStoredMoments(isDay && edge === "end" ? start + DAY_MS : start));
}
