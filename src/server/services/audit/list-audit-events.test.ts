import { describe, expect, it } from "vitest";
import { buildUser, buildWorkspace, contextFor } from "@test/factories";
import { appErrorOf } from "@test/app-errors";
import { withTestDatabase } from "@test/test-database-hooks";
import type { AuditEventKind } from "@/shared/audit-events";
import type { Actor } from "@/server/context";
import { exportAuditEventsCsv } from "./export-audit-events-csv";
import { recordAuditEvent } from "./internal/record-audit-event";
import { listAuditEvents } from "./list-audit-events";

const database = withTestDatabase();

const codeOf = async (promise: Promise<unknown>) => (await appErrorOf(promise)).code;

async function setup() {
  const owner = await buildUser(database.db, { name: "Olive" });
  const admin = await buildUser(database.db, { name: "Adam" });
  const editor = await buildUser(database.db, { name: "Eddie" });
  const stranger = await buildUser(database.db, { name: "Stan" });
  const workspace = await buildWorkspace(database.db, [
    { actor: owner, role: "owner" },
    { actor: admin, role: "admin" },
    { actor: editor, role: "editor" },
  ]);
  const other = await buildWorkspace(database.db, [{ actor: stranger, role: "owner" }]);
  const record = (actor: Actor, kind: AuditEventKind, at: string, label = "x") =>
    recordAuditEvent(contextFor(database.db, actor), { workspaceId: workspace.id, kind, target: { id: "t", label }, at: new Date(at) });
  return { owner, admin, editor, stranger, workspace, other, record };
}

describe("listAuditEvents", () => {
  it("pages newest first with a cursor, including events at the same moment", async () => {
    const { admin, owner, workspace, record } = await setup();
    for (let i = 0; i < 5; i++) await record(owner, "document.trashed", `2026-11-0${i + 1}T10:00:00Z`);
    for (let i = 0; i < 3; i++) await record(owner, "document.restored", "2026-11-10T10:00:00Z");
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await listAuditEvents(contextFor(database.db, admin), { workspace: { id: workspace.id }, cursor, limit: 3 });
      seen.push(...page.events.map((e) => e.id));
      const times = page.events.map((e) => e.createdAt.getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(8);
  });

  it("filters by person, kind and date range (days are whole UTC days)", async () => {
    const { owner, admin, workspace, record } = await setup();
    await record(owner, "member.invited", "2026-11-01T23:59:59Z");
    await record(admin, "member.invited", "2026-11-02T00:00:00Z");
    await record(admin, "share.created", "2026-11-03T12:00:00Z");
    await record(owner, "share.created", "2026-11-04T00:00:00Z");
    const list = async (filters: object) =>
      (await listAuditEvents(contextFor(database.db, owner), { workspace: { slug: workspace.slug }, ...filters })).events.map((e) => `${e.kind}@${e.createdAt.toISOString().slice(0, 10)}`);
    expect(await list({ actor: admin.id })).toEqual(["share.created@2026-11-03", "member.invited@2026-11-02"]);
    expect(await list({ kind: "member.invited" })).toEqual(["member.invited@2026-11-02", "member.invited@2026-11-01"]);
    expect(await list({ from: "2026-11-02", to: "2026-11-03" })).toEqual(["share.created@2026-11-03", "member.invited@2026-11-02"]);
    expect(await list({ from: "2026-11-03T12:00:00Z" })).toEqual(["share.created@2026-11-04", "share.created@2026-11-03"]);
    expect(await list({ actor: owner.id, kind: "share.created", to: "2026-11-03" })).toEqual([]);
  });

  it("is for admins and owners: an editor is forbidden, another workspace's owner and a token for another workspace not_found", async () => {
    const { editor, stranger, owner, workspace, other } = await setup();
    expect(await codeOf(listAuditEvents(contextFor(database.db, editor), { workspace: { id: workspace.id } }))).toBe("forbidden");
    expect(await codeOf(listAuditEvents(contextFor(database.db, stranger), { workspace: { id: workspace.id } }))).toBe("not_found");
    expect(await codeOf(listAuditEvents(contextFor(database.db, stranger), { workspace: { slug: "no-such-workspace" } }))).toBe("not_found");
    const tokenCtx = { ...contextFor(database.db, owner), grant: { tokenId: "t", workspaceId: other.id, scope: "read" as const } };
    expect(await codeOf(listAuditEvents(tokenCtx, { workspace: { id: workspace.id } }))).toBe("not_found");
    // An owner's read token reads the log: reading changes nothing.
    const readToken = { ...contextFor(database.db, owner), grant: { tokenId: "t", workspaceId: workspace.id, scope: "read" as const } };
    await expect(listAuditEvents(readToken, { workspace: { id: workspace.id } })).resolves.toMatchObject({ events: [] });
  });

  it("refuses a cursor that isn't one", async () => {
    const { owner, workspace } = await setup();
    expect(await codeOf(listAuditEvents(contextFor(database.db, owner), { workspace: { id: workspace.id }, cursor: "nonsense" }))).toBe("bad_request");
  });
});

describe("exportAuditEventsCsv", () => {
  it("streams every matching event, escaping cells a spreadsheet would run as formulas", async () => {
    const { owner, workspace, record, editor } = await setup();
    await record(owner, "document.trashed", "2026-11-01T10:00:00Z", '=HYPERLINK("http://evil.example")');
    await record(owner, "document.restored", "2026-11-02T10:00:00Z", "@SUM(A1)");
    await record(owner, "share.created", "2026-11-03T10:00:00Z", "Plain, with comma");
    const exported = await exportAuditEventsCsv(contextFor(database.db, owner), { workspace: { id: workspace.id }, kind: "document.trashed" }, new Date("2026-11-25T00:00:00Z"));
    expect(exported.filename).toBe(`${workspace.slug}-audit-log-2026-11-25.csv`);
    const text = await new Response(exported.body).text();
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Time (UTC),Kind,Description,Actor id,Actor,Target id,Target,Details,IP address");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);

    const all = await new Response((await exportAuditEventsCsv(contextFor(database.db, owner), { workspace: { id: workspace.id } })).body).text();
    expect(all).toContain(",'@SUM(A1),");
    expect(all).toContain(',"Plain, with comma",');
    expect(await codeOf(exportAuditEventsCsv(contextFor(database.db, editor), { workspace: { id: workspace.id } }))).toBe("forbidden");
  });

  it("runs its first query before answering, so a filter the database refuses is an error, never an empty 200", async () => {
    const { owner, workspace, record } = await setup();
    await record(owner, "document.trashed", "2026-11-01T10:00:00Z");
    // Past the route's schema (which refuses it): the query itself fails, and the call rejects.
    const refused = await exportAuditEventsCsv(contextFor(database.db, owner), { workspace: { id: workspace.id }, actor: "a\u0000b" }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(Error);
    // Many batches still stream one after another, each read only as the reader asks.
    for (let i = 0; i < 501; i++) await record(owner, "document.restored", "2026-11-02T10:00:00Z");
    const text = await new Response((await exportAuditEventsCsv(contextFor(database.db, owner), { workspace: { id: workspace.id } })).body).text();
    expect(text.trimEnd().split("\r\n")).toHaveLength(1 + 502);
  });

  it("keeps day filters at the ends of the calendar within what the database stores", async () => {
    const { owner, workspace, record } = await setup();
    await record(owner, "document.trashed", "2026-11-01T10:00:00Z");
    const page = await listAuditEvents(contextFor(database.db, owner), { workspace: { id: workspace.id }, from: "0001-01-01", to: "9999-12-31" });
    expect(page.events.map((e) => e.kind)).toEqual(["document.trashed"]);
    const csv = await new Response((await exportAuditEventsCsv(contextFor(database.db, owner), { workspace: { id: workspace.id }, to: "9999-12-31" })).body).text();
    expect(csv).toContain("document.trashed");
  });
});
