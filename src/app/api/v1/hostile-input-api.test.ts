import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import * as auditRoute from "@/app/api/v1/audit-events/route";
import * as auditCsvRoute from "@/app/api/v1/audit-events/export/route";
import * as documentRoute from "@/app/api/v1/documents/[id]/route";
import * as commentsRoute from "@/app/api/v1/documents/[id]/comments/route";
import * as exportRoute from "@/app/api/v1/documents/[id]/export/route";
import * as restoreRoute from "@/app/api/v1/documents/[id]/restore/route";
import * as revisionsRoute from "@/app/api/v1/documents/[id]/revisions/route";
import * as documentsRoute from "@/app/api/v1/documents/route";
import * as fileRoute from "@/app/api/v1/files/[id]/route";
import * as searchRoute from "@/app/api/v1/search/route";
import * as templatesRoute from "@/app/api/v1/templates/route";
import * as deliveriesRoute from "@/app/api/v1/webhooks/[id]/deliveries/route";
import * as webhooksRoute from "@/app/api/v1/webhooks/route";
import * as workspaceExportRoute from "@/app/api/v1/workspaces/[id]/export/route";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import type { Actor } from "@/server/context";
import { createApiToken } from "@/server/services/api-tokens/create-api-token";
import { recordAuditEvent } from "@/server/services/audit/internal/record-audit-event";
import { withTestDatabase } from "@test/test-database-hooks";
import { withRouteSingletons } from "@test/route-singletons";

// Hostile input on every route that reads an id, a workspace, a date or a cursor (QA report items
// 4 and 5): each answers the client's 4xx with the API's error shape, never a 500. The handlers
// run as they are, on the test database registered as the process's.
const ORIGIN = "http://localhost:3000";
const NUL = "\u0000";
const database = withTestDatabase();
withRouteSingletons(database);
let owner: Actor;
let workspace: { id: string; slug: string };
let documentId: string;
let token: string;
beforeAll(async () => {
  owner = await buildUser(database.db, { name: "Owner" });
  workspace = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
  documentId = (await buildDocument(database.db, workspace.id, { title: "Plan" })).id;
  token = (await createApiToken(contextFor(database.db, owner), { workspaceId: workspace.id, name: "write token", scope: "write" })).token;
  await recordAuditEvent(contextFor(database.db, owner), { workspaceId: workspace.id, kind: "member.invited", target: { id: "i1", label: "x@example.com" }, at: new Date("2026-11-02T10:00:00Z") });
});

type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

function call(handler: Handler, path: string, options: { method?: string; json?: unknown; params?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { host: "localhost:3000", authorization: `Bearer ${token}` };
  if (options.json !== undefined) headers["content-type"] = "application/json";
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  return handler(new NextRequest(`${ORIGIN}${path}`, { method: options.method ?? "GET", headers, body }), { params: Promise.resolve(options.params ?? {}) });
}

/** The status and error code of an answer (a 500 fails with its message). */
async function outcome(response: Response): Promise<[number, string | undefined]> {
  const body = (await response.clone().json().catch(() => null)) as { error?: { code: string } } | null;
  return [response.status, body?.error?.code];
}

const cursor = (text: string) => Buffer.from(text).toString("base64url");

describe("hostile input answers 4xx, never 500", () => {
  it("a path id holding a NUL byte (or no id at all) is the 404 of an id that names nothing", async () => {
    const ids = [NUL, `${documentId}${NUL}`, "x".repeat(300)];
    for (const id of ids) {
      const params = { id };
      const cases: Array<[string, Promise<Response>]> = [
        ["GET document", call(documentRoute.GET, "/api/v1/documents/x", { params })],
        ["PATCH document", call(documentRoute.PATCH, "/api/v1/documents/x", { method: "PATCH", json: { title: "New" }, params })],
        ["DELETE document", call(documentRoute.DELETE, "/api/v1/documents/x", { method: "DELETE", params })],
        ["restore", call(restoreRoute.POST, "/api/v1/documents/x/restore", { method: "POST", params })],
        ["export", call(exportRoute.GET, "/api/v1/documents/x/export?format=md", { params })],
        ["comments", call(commentsRoute.GET, "/api/v1/documents/x/comments", { params })],
        ["revisions", call(revisionsRoute.GET, "/api/v1/documents/x/revisions", { params })],
        ["file", call(fileRoute.GET, "/api/v1/files/x", { params })],
        ["signed file", call(fileRoute.GET, `/api/v1/files/x?expires=${encodeURIComponent(NUL)}&sig=${encodeURIComponent(NUL)}`, { params })],
        ["workspace export", call(workspaceExportRoute.GET, "/api/v1/workspaces/x/export", { params })],
        ["webhook deliveries", call(deliveriesRoute.GET, "/api/v1/webhooks/x/deliveries", { params })],
      ];
      for (const [label, response] of cases) expect([label, JSON.stringify(id), ...(await outcome(await response))]).toEqual([label, JSON.stringify(id), 404, "not_found"]);
    }
  });

  it("a workspace, an actor or a cursor holding a NUL byte in the query is 400 naming the parameter", async () => {
    const q = encodeURIComponent(NUL);
    const cases: Array<[string, Handler, string]> = [
      ["documents", documentsRoute.GET, `/api/v1/documents?workspace=${q}`],
      ["search", searchRoute.GET, `/api/v1/search?q=a&workspace=${q}`],
      ["templates", templatesRoute.GET, `/api/v1/templates?workspace=${q}`],
      ["webhooks", webhooksRoute.GET, `/api/v1/webhooks?workspace=${q}`],
      ["audit events", auditRoute.GET, `/api/v1/audit-events?workspace=${q}`],
      ["audit actor", auditRoute.GET, `/api/v1/audit-events?actor=${q}`],
      ["audit CSV actor", auditCsvRoute.GET, `/api/v1/audit-events/export?actor=${q}`],
      ["documents cursor with a NUL id", documentsRoute.GET, `/api/v1/documents?cursor=${cursor(JSON.stringify(["2026-11-28T03:26:41.962Z", `a${NUL}`]))}`],
      ["children cursor with a NUL key", documentsRoute.GET, `/api/v1/documents?parentId=${"a".repeat(12)}&cursor=${cursor(JSON.stringify([`a${NUL}`, "a".repeat(12)]))}`],
    ];
    for (const [label, handler, path] of cases) expect([label, ...(await outcome(await call(handler, path)))]).toEqual([label, 400, "bad_request"]);
  });

  it("a body's workspace or webhook description holding a NUL byte is 422", async () => {
    const created = await call(documentsRoute.POST, "/api/v1/documents", { method: "POST", json: { title: "x", workspace: NUL } });
    expect(await outcome(created)).toEqual([422, "validation_failed"]);
    const hook = await call(webhooksRoute.POST, "/api/v1/webhooks", { method: "POST", json: { url: "https://93.184.216.34/x", description: `a${NUL}b`, events: ["document.created"] } });
    expect(await outcome(hook)).toEqual([422, "validation_failed"]);
    expect(((await hook.json()) as { error: { fields: Record<string, string> } }).error.fields.description).toMatch(/control characters/);
  });

  it("dates PostgreSQL can't store are 400; the last day 9999-12-31 still reads as 'until the end'", async () => {
    for (const query of ["from=0000-01-01", "to=0000-01-01", "from=0001-01-01T00:00:00%2B01:00", "from=%2B275760-09-13T00:00:00Z"]) {
      const response = await call(auditRoute.GET, `/api/v1/audit-events?${query}`);
      expect([query, ...(await outcome(response))]).toEqual([query, 400, "bad_request"]);
    }
    expect(((await (await call(auditRoute.GET, "/api/v1/audit-events?from=0000-01-01")).json()) as { error: { message: string } }).error.message).toBe("Give a date between the years 1 and 9999.");
    const untilTheEnd = await call(auditRoute.GET, "/api/v1/audit-events?from=0001-01-01&to=9999-12-31");
    expect(untilTheEnd.status).toBe(200);
    const everything = (await (await call(auditRoute.GET, "/api/v1/audit-events")).json()) as { data: unknown[] };
    expect(everything.data.length).toBeGreaterThan(0);
    expect(await untilTheEnd.json()).toEqual(everything);
  });

  it("the audit CSV answers the same 400 for a bad filter, and 200 with its rows only when its query ran", async () => {
    const refused = await call(auditCsvRoute.GET, "/api/v1/audit-events/export?from=0000-01-01");
    expect(await outcome(refused)).toEqual([400, "bad_request"]);
    const all = await call(auditCsvRoute.GET, "/api/v1/audit-events/export?to=9999-12-31");
    expect(all.status).toBe(200);
    const lines = (await all.text()).split("\r\n");
    expect(lines[0]).toMatch(/^Time \(UTC\),Kind,/);
    expect(lines.some((line) => line.includes("x@example.com"))).toBe(true);
  });

  it("cursors naming a moment PostgreSQL can't store, or no row of ours, are 400", async () => {
    const uuid = "cfb670ab-1f9d-4a07-bd35-0206d7aa3c9c";
    const cases: Array<[string, Handler, string, Record<string, string>?]> = [
      ["audit +275760", auditRoute.GET, `/api/v1/audit-events?cursor=${cursor(`+275760-09-13T00:00:00.000Z|${uuid}`)}`],
      ["audit year 0", auditRoute.GET, `/api/v1/audit-events?cursor=${cursor(`0000-01-01T00:00:00.000Z|${uuid}`)}`],
      ["audit dashes for an id", auditRoute.GET, `/api/v1/audit-events?cursor=${cursor(`2026-01-01T00:00:00.000Z|${"-".repeat(36)}`)}`],
      ["documents +275760", documentsRoute.GET, `/api/v1/documents?cursor=${cursor(JSON.stringify(["+275760-09-13T00:00:00.000Z", "a".repeat(12)]))}`],
      ["documents year 0", documentsRoute.GET, `/api/v1/documents?cursor=${cursor(JSON.stringify(["0000-01-01T00:00:00.000Z", "a".repeat(12)]))}`],
      ["revisions +275760", revisionsRoute.GET, `/api/v1/documents/${documentId}/revisions?cursor=${cursor(`+275760-09-13T00:00:00.000Z|${uuid}`)}`, { id: documentId }],
    ];
    for (const [label, handler, path, params] of cases) {
      const response = await call(handler, path, { params });
      expect([label, ...(await outcome(response))]).toEqual([label, 400, "bad_request"]);
      // The cursor's own answer, not the database's refusal caught on the way out.
      expect([label, ((await response.json()) as { error: { message: string } }).error.message]).toEqual([label, "This cursor is not valid: use the nextCursor of a previous page."]);
    }
  });
});
