import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { GET } from "./route";
import { GET as GET_CSV } from "./export/route";
import { buildUser, buildWorkspace } from "@test/factories";
import { recordAuditEvent } from "@/server/services/audit/internal/record-audit-event";
import type { AuditEventPage } from "@/shared/schemas/audit";
import { withTestDatabase } from "@test/test-database-hooks";
import { signedUpCookie, TEST_HOST as HOST, withRouteSingletons } from "@test/route-singletons";

const noParams = { params: Promise.resolve({}) };
const database = withTestDatabase();
const routes = withRouteSingletons(database);
let cookie: string;
let workspace: { id: string; slug: string };
let editorWorkspace: { id: string; slug: string };

beforeAll(async () => {
  const signedUp = await signedUpCookie(routes.auth, "auditor@example.com", "Auditor");
  cookie = signedUp.cookie;
  const actor = signedUp.actor;
  const other = await buildUser(database.db);
  workspace = await buildWorkspace(database.db, [{ actor, role: "admin" }]);
  editorWorkspace = await buildWorkspace(database.db, [{ actor: other, role: "owner" }, { actor, role: "editor" }]);
  const ctx = { db: database.db, actor, clientIp: "198.51.100.4" };
  await recordAuditEvent(ctx, { workspaceId: workspace.id, kind: "share.created", target: { id: "d1", label: "=cmd|' /C calc'!A0" }, at: new Date("2026-11-01T10:00:00Z") });
  await recordAuditEvent(ctx, { workspaceId: workspace.id, kind: "member.invited", target: { id: "i1", label: "x@example.com" }, details: { role: "editor" }, at: new Date("2026-11-02T10:00:00Z") });
});

const request = (path: string, params: Record<string, string>) =>
  new NextRequest(`http://localhost:3000${path}?${new URLSearchParams(params)}`, { headers: { ...HOST, cookie } });

describe("GET /api/v1/audit-events", () => {
  it("answers the page newest first, filtered, with the event's fields", async () => {
    const response = await GET(request("/api/v1/audit-events", { workspace: workspace.slug }), noParams);
    expect(response.status).toBe(200);
    const body = (await response.json()) as AuditEventPage;
    expect(body.data.map((e) => e.kind)).toEqual(["member.invited", "share.created"]);
    expect(body.data[0]).toMatchObject({ actor: { label: "Auditor <auditor@example.com>" }, target: { id: "i1", label: "x@example.com" }, details: { role: "editor" }, ipAddress: "198.51.100.4", createdAt: "2026-11-02T10:00:00.000Z" });
    const filtered = (await (await GET(request("/api/v1/audit-events", { workspace: workspace.slug, kind: "share.created", limit: "1" }), noParams)).json()) as AuditEventPage;
    expect(filtered.data).toHaveLength(1);
    expect(filtered.nextCursor).toBeNull();
  });

  it("answers 400 for an unknown kind or a bad date, 403 for an editor", async () => {
    expect((await GET(request("/api/v1/audit-events", { workspace: workspace.slug, kind: "nope" }), noParams)).status).toBe(400);
    expect((await GET(request("/api/v1/audit-events", { workspace: workspace.slug, from: "yesterday" }), noParams)).status).toBe(400);
    expect((await GET(request("/api/v1/audit-events", { workspace: editorWorkspace.slug }), noParams)).status).toBe(403);
    expect((await GET(request("/api/v1/audit-events", { workspace: "no-such-place" }), noParams)).status).toBe(404);
  });
});

describe("GET /api/v1/audit-events/export", () => {
  it("streams CSV with formula cells neutralised", async () => {
    const response = await GET_CSV(request("/api/v1/audit-events/export", { workspace: workspace.slug }), noParams);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="${workspace.slug}-audit-log-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    const text = await response.text();
    expect(text.split("\r\n")).toHaveLength(4); // header, two events, the final CRLF
    expect(text).toContain(",'=cmd|' /C calc'!A0,");
    expect((await GET_CSV(request("/api/v1/audit-events/export", { workspace: editorWorkspace.slug }), noParams)).status).toBe(403);
  });
});
