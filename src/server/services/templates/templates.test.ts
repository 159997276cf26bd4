import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, documentTemplates, documents, memberships, workspaces } from "@/server/db/schema";
import type { Actor } from "@/server/context";
import type { Role } from "@/shared/roles";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { expectAppError } from "@test/app-errors";
import { withTestDatabase } from "@test/test-database-hooks";
import { createDocument } from "@/server/services/documents/create-document";
import { createWorkspace } from "@/server/services/workspaces/create-workspace";
import { MAX_TEMPLATE_BODY_CHARS, MAX_TEMPLATES_PER_WORKSPACE } from "@/shared/schemas/template";
import { createDocumentFromTemplate } from "./create-document-from-template";
import { createTemplate } from "./create-template";
import { deleteTemplate } from "./delete-template";
import { fillTemplate } from "./fill-template";
import { getTemplate } from "./get-template";
import { listTemplates } from "./list-templates";
import { saveDocumentAsTemplate } from "./save-document-as-template";
import { updateTemplate } from "./update-template";

const database = withTestDatabase();
const NOW = new Date("2026-11-25T23:30:00Z");

async function setup() {
  const owner = await buildUser(database.db, { name: "Olive Owner" });
  const workspace = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
  const member = async (role: Role, name?: string): Promise<Actor> => {
    const actor = await buildUser(database.db, name ? { name } : {});
    await database.db.insert(memberships).values({ workspaceId: workspace.id, userId: actor.id, role });
    return actor;
  };
  return { owner, workspace, ctx: contextFor(database.db, owner), member };
}

const bodyText = async (documentId: string) => (await database.db.select({ text: documents.text, content: documents.content }).from(documents).where(eq(documents.id, documentId)))[0];

describe("built-in templates", () => {
  it("are seeded in a new workspace, once", async () => {
    const owner = await buildUser(database.db);
    const ctx = contextFor(database.db, owner);
    const workspace = await createWorkspace(ctx, { name: "New", slug: `new-${owner.id.slice(0, 6).toLowerCase()}` });
    const rows = await database.db.select().from(documentTemplates).where(eq(documentTemplates.workspaceId, workspace.id));
    expect(rows.map((row) => row.builtInKey).sort()).toEqual(["decision-record", "meeting-notes", "project-brief", "weekly-report"]);
    const list = await listTemplates(ctx, { id: workspace.id });
    expect(list.templates.map((t) => t.name)).toEqual(["Decision record", "Meeting notes", "Project brief", "Weekly report"]);
  });

  it("are seeded lazily in a workspace made before templates, and stay deleted once an admin deletes them", async () => {
    const { ctx, workspace } = await setup();
    expect(await database.db.select().from(documentTemplates).where(eq(documentTemplates.workspaceId, workspace.id))).toHaveLength(0);
    const [first] = (await listTemplates(ctx, { id: workspace.id })).templates;
    expect(first?.builtInKey).toBe("decision-record");
    await deleteTemplate(ctx, { templateId: first!.id });
    expect((await listTemplates(ctx, { id: workspace.id })).templates).toHaveLength(3);
    const [row] = await database.db.select({ at: workspaces.templatesSeededAt }).from(workspaces).where(eq(workspaces.id, workspace.id));
    expect(row?.at).toBeInstanceOf(Date);
  });

  it("seed once when two first listings race", async () => {
    const { ctx, workspace } = await setup();
    await Promise.all([listTemplates(ctx, { id: workspace.id }), listTemplates(ctx, { id: workspace.id })]);
    expect(await database.db.select().from(documentTemplates).where(eq(documentTemplates.workspaceId, workspace.id))).toHaveLength(4);
  });
});

describe("createDocumentFromTemplate", () => {
  it("copies the meeting notes with today's date in the creator's zone and the creator's name", async () => {
    const { workspace, member } = await setup();
    const editor = await member("editor", "Eddie Editor");
    const ctx = contextFor(database.db, editor);
    const meeting = (await listTemplates(ctx, { id: workspace.id })).templates.find((t) => t.builtInKey === "meeting-notes")!;
    const doc = await createDocumentFromTemplate(ctx, { workspaceId: workspace.id, templateId: meeting.id, timeZone: "Asia/Tokyo" }, NOW);
    expect(doc.title).toBe("Meeting notes");
    const row = await bodyText(doc.id);
    expect(row?.text).toContain("Date: Nov 26, 2026, 8:30 AM");
    expect(row?.text).toContain("Notes by: Eddie Editor");
    expect(row?.text).not.toContain("{{");
    expect(row?.text).toContain("\nAttendees\n");
    expect(row?.content.ops).toContainEqual({ insert: "\n", attributes: { header: 2 } });
  });

  it("copies formatting and images, fills {{title}} with the new title and leaves unknown names", async () => {
    const { ctx, workspace } = await setup();
    const body = {
      ops: [
        { insert: "{{title}} by {{author}}", attributes: { bold: true } },
        { insert: " {{project}}\n" },
        { insert: { image: "/api/v1/files/abcdefabcdefabcdefabcdef" } },
        { insert: "\n", attributes: { list: "unchecked" } },
      ],
    };
    const template = await createTemplate(ctx, { workspaceId: workspace.id, name: "Mine", description: "", body });
    const doc = await createDocumentFromTemplate(ctx, { workspaceId: workspace.id, templateId: template.id, title: "Kickoff" }, NOW);
    const row = await bodyText(doc.id);
    expect(row?.content.ops).toEqual([
      { insert: "Kickoff by Olive Owner", attributes: { bold: true } },
      { insert: " {{project}}\n" },
      { insert: { image: "/api/v1/files/abcdefabcdefabcdefabcdef" } },
      { insert: "\n", attributes: { list: "unchecked" } },
    ]);
  });

  it("answers not_found for another workspace's template and for viewers' own workspace, forbidden", async () => {
    const { ctx, workspace, member } = await setup();
    const stranger = await buildUser(database.db);
    const other = await buildWorkspace(database.db, [{ actor: stranger, role: "owner" }]);
    const theirs = await createTemplate(contextFor(database.db, stranger), { workspaceId: other.id, name: "Theirs", description: "" });
    await expectAppError(createDocumentFromTemplate(ctx, { workspaceId: workspace.id, templateId: theirs.id }), "not_found");
    await expectAppError(createDocumentFromTemplate(ctx, { workspaceId: workspace.id, templateId: crypto.randomUUID() }), "not_found");
    const viewer = contextFor(database.db, await member("viewer"));
    const ours = await createTemplate(ctx, { workspaceId: workspace.id, name: "Ours", description: "" });
    await expectAppError(createDocumentFromTemplate(viewer, { workspaceId: workspace.id, templateId: ours.id }), "forbidden");
    await expectAppError(listTemplates(viewer, { id: workspace.id }), "forbidden");
    await expectAppError(listTemplates(contextFor(database.db, stranger), { id: workspace.id }), "not_found");
  });
});

describe("saveDocumentAsTemplate", () => {
  it("keeps the document's body, sanitised, and records the creation", async () => {
    const { ctx, workspace } = await setup();
    const body = { ops: [{ insert: "Agenda", attributes: { link: "javascript:alert(1)" } }, { insert: "\n", attributes: { header: 1 } }] };
    const doc = await createDocument(ctx, { workspaceId: workspace.id, title: "Source" }, { body });
    const template = await saveDocumentAsTemplate(ctx, { documentId: doc.id, name: "From a doc", description: "Saved" });
    const loaded = await getTemplate(ctx, { templateId: template.id });
    expect(loaded.body.ops).toEqual([{ insert: "Agenda", attributes: { link: "about:blank" } }, { insert: "\n", attributes: { header: 1 } }]);
    expect(loaded).toMatchObject({ name: "From a doc", description: "Saved", createdBy: ctx.actor.id, authorName: "Olive Owner" });
    const [event] = await database.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, workspace.id), eq(auditEvents.kind, "template.created")));
    expect(event).toMatchObject({ targetId: template.id, targetLabel: "From a doc", actorId: ctx.actor.id });
  });

  it("refuses commenters", async () => {
    const { ctx, workspace, member } = await setup();
    const doc = await buildDocument(database.db, workspace.id);
    await expectAppError(saveDocumentAsTemplate(contextFor(database.db, await member("commenter")), { documentId: doc.id, name: "X", description: "" }), "forbidden");
    await createTemplate(ctx, { workspaceId: workspace.id, name: "ok", description: "" });
  });
});

describe("template permissions", () => {
  it("let editors change and delete only their own; admins any, built-in ones included", async () => {
    const { workspace, member } = await setup();
    const alice = contextFor(database.db, await member("editor"));
    const bob = contextFor(database.db, await member("editor"));
    const admin = contextFor(database.db, await member("admin"));
    const mine = await createTemplate(alice, { workspaceId: workspace.id, name: "Alice's", description: "" });
    await expectAppError(updateTemplate(bob, { templateId: mine.id, name: "Bob's now" }), "forbidden");
    await expectAppError(deleteTemplate(bob, { templateId: mine.id }), "forbidden");
    const builtIn = (await listTemplates(bob, { id: workspace.id })).templates.find((t) => t.builtInKey === "weekly-report")!;
    expect(builtIn.abilities).toEqual({ use: true, create: true, edit: false, delete: false });
    await expectAppError(deleteTemplate(bob, { templateId: builtIn.id }), "forbidden");
    const { bodyVersion } = await getTemplate(alice, { templateId: mine.id });
    await updateTemplate(alice, { templateId: mine.id, name: "Renamed", body: { ops: [{ insert: "New body\n" }] }, baseVersion: bodyVersion });
    expect((await getTemplate(bob, { templateId: mine.id })).body.ops).toEqual([{ insert: "New body\n" }]);
    await updateTemplate(admin, { templateId: builtIn.id, description: "Ours now" });
    await deleteTemplate(admin, { templateId: builtIn.id });
    await deleteTemplate(alice, { templateId: mine.id });
    const events = await database.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, workspace.id), eq(auditEvents.kind, "template.deleted")));
    expect(events.map((e) => e.targetLabel).sort()).toEqual(["Renamed", "Weekly report"]);
  });
});

describe("updateTemplate's base version", () => {
  const body = (text: string) => ({ ops: [{ insert: `${text}\n` }] });
  const storedBody = async (templateId: string) => (await database.db.select({ body: documentTemplates.body }).from(documentTemplates).where(eq(documentTemplates.id, templateId)))[0]?.body;

  it("writes a body only over the version it was edited from, and says when someone saved since", async () => {
    const { ctx: owner, workspace, member } = await setup();
    const admin = contextFor(database.db, await member("admin"));
    const template = await createTemplate(owner, { workspaceId: workspace.id, name: "Shared", description: "", body: body("Start") });
    const opened = (await getTemplate(owner, { templateId: template.id })).bodyVersion;
    expect((await getTemplate(admin, { templateId: template.id })).bodyVersion).toBe(opened);

    const first = await updateTemplate(owner, { templateId: template.id, body: body("Start [owner's]"), baseVersion: opened });
    expect(first.version).not.toBe(opened);
    expect(first.version).toBe((await getTemplate(admin, { templateId: template.id })).bodyVersion);
    const refused = await expectAppError(updateTemplate(admin, { templateId: template.id, body: body("Start [admin's]"), baseVersion: opened }), "conflict");
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/^Someone else saved this template since you opened it/);
    expect(await storedBody(template.id)).toEqual(body("Start [owner's]"));

    // Having seen the newer body, the admin may save over it.
    const second = await updateTemplate(admin, { templateId: template.id, body: body("Start [owner's] [admin's]"), baseVersion: first.version });
    expect(await storedBody(template.id)).toEqual(body("Start [owner's] [admin's]"));
    expect(second.version).not.toBe(first.version);
  });

  it("lets exactly one of two saves from the same version land", async () => {
    const { ctx, workspace } = await setup();
    const template = await createTemplate(ctx, { workspaceId: workspace.id, name: "Raced", description: "" });
    const { bodyVersion } = await getTemplate(ctx, { templateId: template.id });
    const saves = await Promise.allSettled(["One", "Two"].map((text) => updateTemplate(ctx, { templateId: template.id, body: body(text), baseVersion: bodyVersion })));
    expect(saves.map((save) => save.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = saves.find((save) => save.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason).toMatchObject({ code: "conflict" });
    const landed = saves.findIndex((save) => save.status === "fulfilled");
    expect(await storedBody(template.id)).toEqual(body(["One", "Two"][landed]!));
  });

  it("refuses a body without the version it was edited from, and changes nothing", async () => {
    const { ctx, workspace } = await setup();
    const template = await createTemplate(ctx, { workspaceId: workspace.id, name: "Unversioned", description: "", body: body("Kept") });
    const refused = await expectAppError(updateTemplate(ctx, { templateId: template.id, body: body("Blind overwrite") }), "validation_failed");
    expect(refused.fields).toHaveProperty("baseVersion");
    expect(await storedBody(template.id)).toEqual(body("Kept"));
  });

  it("leaves the version alone on a rename, so an open editor still saves; the same body keeps it", async () => {
    const { ctx, workspace, member } = await setup();
    const admin = contextFor(database.db, await member("admin"));
    const template = await createTemplate(ctx, { workspaceId: workspace.id, name: "Named", description: "", body: body("Text") });
    const opened = (await getTemplate(ctx, { templateId: template.id })).bodyVersion;
    const renamed = await updateTemplate(admin, { templateId: template.id, name: "Renamed", description: "New words" });
    expect(renamed.version).toBe(opened);
    const saved = await updateTemplate(ctx, { templateId: template.id, body: body("Text"), baseVersion: opened });
    expect(saved.version).toBe(opened);
    await updateTemplate(ctx, { templateId: template.id, body: body("Text, edited"), baseVersion: saved.version });
    expect((await getTemplate(ctx, { templateId: template.id })).name).toBe("Renamed");
  });

  it("answers not_found when the template was deleted meanwhile", async () => {
    const { ctx, workspace } = await setup();
    const template = await createTemplate(ctx, { workspaceId: workspace.id, name: "Gone", description: "" });
    const { bodyVersion } = await getTemplate(ctx, { templateId: template.id });
    await deleteTemplate(ctx, { templateId: template.id });
    await expectAppError(updateTemplate(ctx, { templateId: template.id, body: body("Late"), baseVersion: bodyVersion }), "not_found");
  });
});

describe("template limits", () => {
  it("refuse a body past the limit, and a template past the workspace's count", async () => {
    const { ctx, workspace } = await setup();
    const huge = { ops: [{ insert: `${"x".repeat(MAX_TEMPLATE_BODY_CHARS)}\n` }] };
    await expectAppError(createTemplate(ctx, { workspaceId: workspace.id, name: "Huge", description: "", body: huge }), "too_large");
    await listTemplates(ctx, { id: workspace.id });
    await database.db.insert(documentTemplates).values(
      Array.from({ length: MAX_TEMPLATES_PER_WORKSPACE - 4 }, (_, i) => ({ workspaceId: workspace.id, name: `T${i}`, body: { ops: [{ insert: "\n" }] } })),
    );
    await expectAppError(createTemplate(ctx, { workspaceId: workspace.id, name: "One too many", description: "" }), "conflict");
  });

  it("end an empty or unterminated body with a newline", async () => {
    const { ctx, workspace } = await setup();
    const empty = await createTemplate(ctx, { workspaceId: workspace.id, name: "Empty", description: "" });
    expect((await getTemplate(ctx, { templateId: empty.id })).body).toEqual({ ops: [{ insert: "\n" }] });
    const open = await createTemplate(ctx, { workspaceId: workspace.id, name: "Open", description: "", body: { ops: [{ insert: "no newline" }] } });
    expect((await getTemplate(ctx, { templateId: open.id })).body).toEqual({ ops: [{ insert: "no newline" }, { insert: "\n" }] });
  });
});

describe("fillTemplate", () => {
  it("fills the template for the document's title, for those who can edit it", async () => {
    const { ctx, workspace, member } = await setup();
    const doc = await buildDocument(database.db, workspace.id, { title: "Retro" });
    const template = await createTemplate(ctx, { workspaceId: workspace.id, name: "T", description: "", body: { ops: [{ insert: "{{title}} on {{date}}\n" }] } });
    expect(await fillTemplate(ctx, { templateId: template.id, documentId: doc.id, timeZone: "UTC" }, NOW)).toEqual({ ops: [{ insert: "Retro on Nov 25, 2026\n" }] });
    await expectAppError(fillTemplate(contextFor(database.db, await member("viewer")), { templateId: template.id, documentId: doc.id }), "forbidden");
  });
});
