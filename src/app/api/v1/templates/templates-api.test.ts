import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { GET } from "./route";
import { POST as POST_DOCUMENT } from "@/app/api/v1/documents/route";
import { buildUser, buildWorkspace, contextFor } from "@test/factories";
import { createTemplate } from "@/server/services/templates/create-template";
import { withTestDatabase } from "@test/test-database-hooks";
import { signedUpCookie, TEST_HOST as HOST, withRouteSingletons } from "@test/route-singletons";

const ORIGIN = "http://localhost:3000";
const database = withTestDatabase();
const routes = withRouteSingletons(database);
let cookie: string;
let workspace: { id: string; slug: string };
let viewerWorkspace: { id: string; slug: string };
let otherTemplateId: string;

beforeAll(async () => {
  const signedUp = await signedUpCookie(routes.auth, "templates@example.com", "Tess Templates");
  cookie = signedUp.cookie;
  const actor = signedUp.actor;
  workspace = await buildWorkspace(database.db, [{ actor, role: "editor" }]);
  viewerWorkspace = await buildWorkspace(database.db, [{ actor: await buildUser(database.db), role: "owner" }, { actor, role: "viewer" }]);
  const stranger = await buildUser(database.db);
  const other = await buildWorkspace(database.db, [{ actor: stranger, role: "owner" }]);
  otherTemplateId = (await createTemplate(contextFor(database.db, stranger), { workspaceId: other.id, name: "Theirs", description: "" })).id;
});

const call = (method: string, path: string, body?: unknown) =>
  new NextRequest(`${ORIGIN}${path}`, { method, headers: { ...HOST, cookie, origin: ORIGIN, "content-type": "application/json" }, ...(body ? { body: JSON.stringify(body) } : {}) });
const noParams = { params: Promise.resolve({}) };

describe("/api/v1/templates", () => {
  it("lists the built-in templates, and a document made from one has its body filled", async () => {
    const listed = await GET(call("GET", `/api/v1/templates?workspace=${workspace.slug}`), noParams);
    expect(listed.status).toBe(200);
    const { data } = (await listed.json()) as { data: Array<{ id: string; name: string; builtIn: boolean; author: null; abilities: { edit: boolean; delete: boolean } }> };
    expect(data.map((t) => t.name)).toEqual(["Decision record", "Meeting notes", "Project brief", "Weekly report"]);
    expect(data[0]).toMatchObject({ builtIn: true, author: null, abilities: { edit: false, delete: false } });

    const meeting = data.find((t) => t.name === "Meeting notes")!;
    const created = await POST_DOCUMENT(call("POST", "/api/v1/documents", { workspace: workspace.slug, title: "Standup", templateId: meeting.id, timeZone: "Asia/Tokyo" }), noParams);
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ title: "Standup" });
  });

  it("answers 403 to a viewer and 404 for a workspace the caller is not in", async () => {
    expect((await GET(call("GET", `/api/v1/templates?workspace=${viewerWorkspace.slug}`), noParams)).status).toBe(403);
    expect((await GET(call("GET", "/api/v1/templates?workspace=nowhere-at-all"), noParams)).status).toBe(404);
  });
});

describe("POST /api/v1/documents with templateId", () => {
  it("answers 404 in the API's error shape for an unknown template or another workspace's", async () => {
    for (const templateId of [crypto.randomUUID(), otherTemplateId]) {
      const response = await POST_DOCUMENT(call("POST", "/api/v1/documents", { workspace: workspace.slug, title: "X", templateId }), noParams);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: "not_found", message: "This template could not be found." } });
    }
  });

  it("answers 422 for a malformed id or a template with a body", async () => {
    const malformed = await POST_DOCUMENT(call("POST", "/api/v1/documents", { workspace: workspace.slug, title: "X", templateId: "meeting-notes" }), noParams);
    expect(malformed.status).toBe(422);
    expect(await malformed.json()).toMatchObject({ error: { code: "validation_failed", fields: { templateId: "This is not a template id." } } });
    const both = await POST_DOCUMENT(call("POST", "/api/v1/documents", { workspace: workspace.slug, title: "X", templateId: crypto.randomUUID(), markdown: "# Hi" }), noParams);
    expect(both.status).toBe(422);
    expect(await both.json()).toMatchObject({ error: { fields: { templateId: expect.stringContaining("without markdown or delta") } } });
  });
});
