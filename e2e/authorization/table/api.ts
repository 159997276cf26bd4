import { api, page, socket, streamStatus, tokenApi } from "../probes";
import type { AccessRow } from "./support";
import { allow, archiveForm, deletableWebhook, docId, everyone, fileId, imageForm, importForm, json, ownerCreatesDocument, revisionId, workspaceId, ws } from "./support";

/** The access table's API routes, the collaboration socket and workspace archives. */
export const API_ROWS: AccessRow[] = [
  // API routes.
  { surface: "api", name: "GET /api/health", expected: everyone("ok"), probe: api("GET", () => "/api/health") },
  { surface: "api", name: "GET /api/auth/[...all] (get-session)", expected: everyone("ok"), probe: api("GET", () => "/api/auth/get-session") },
  { surface: "api", name: "GET /api/[...path] (no such endpoint)", expected: everyone("not_found"), probe: api("GET", () => "/api/v1/nothing-here") },
  {
    surface: "api",
    name: "GET /api/v1/workspaces/slug-availability",
    expected: everyone("ok"),
    probe: api("GET", () => "/api/v1/workspaces/slug-availability?slug=some-team"),
  },
  // The bell's stream: everyone signed in gets their own count (an endless response: only its status is read).
  { surface: "api", name: "GET /api/v1/notifications/stream", expected: everyone("ok", { anonymous: "login" }), probe: streamStatus("/api/v1/notifications/stream") },
  // The inbox as JSON and marking read: everyone signed in reads and marks only their own.
  { surface: "api", name: "GET /api/v1/notifications", expected: everyone("ok", { anonymous: "login" }), probe: api("GET", () => "/api/v1/notifications") },
  { surface: "api", name: "POST /api/v1/notifications/read", expected: everyone("ok", { anonymous: "login" }), probe: api("POST", () => "/api/v1/notifications/read", () => json({ all: true })) },
  // One-click unsubscribe needs no session; a token that doesn't verify is not found for everyone.
  {
    surface: "api",
    name: "POST /api/v1/notifications/unsubscribe with a forged token",
    expected: everyone("not_found"),
    probe: api("POST", (_fx, t) => `/api/v1/notifications/unsubscribe?token=${t === "real" ? "reply" : "role"}.someone.forged-signature-forged-signature`),
  },
  { surface: "api", name: "GET /api/v1/documents/[id]", expected: allow("viewer"), probe: api("GET", (fx, t) => `/api/v1/documents/${docId(fx, t)}`) },
  {
    surface: "api",
    name: "GET /api/v1/search",
    expected: allow("viewer"),
    probe: api("GET", (fx, t) => `/api/v1/search?workspace=${ws(fx, t)}&q=notes`),
  },
  {
    surface: "api",
    name: "GET /api/v1/documents/[id] of a trashed document",
    expected: everyone("not_found", { anonymous: "login" }),
    probe: api("GET", (fx, t) => `/api/v1/documents/${t === "real" ? fx.trashedDoc.id : fx.missing.documentId}`),
  },
  {
    surface: "api",
    name: "GET /api/v1/documents/[id]/export?format=md",
    expected: allow("viewer"),
    probe: api("GET", (fx, t) => `/api/v1/documents/${docId(fx, t)}/export?format=md`),
  },
  {
    surface: "api",
    name: "GET /api/v1/documents/[id]/export?format=html",
    expected: allow("viewer"),
    probe: api("GET", (fx, t) => `/api/v1/documents/${docId(fx, t)}/export?format=html`),
  },
  {
    surface: "api",
    name: "POST /api/v1/files",
    expected: allow("editor"),
    probe: api("POST", () => "/api/v1/files", (fx, t) => ({ body: imageForm(docId(fx, t)) })),
  },
  // No session is a 404 here too: a file URL never confirms that the file exists.
  {
    surface: "api",
    name: "GET /api/v1/files/[id]",
    expected: allow("viewer", { anonymous: "not_found" }),
    probe: api("GET", (fx, t) => `/api/v1/files/${fileId(fx, t)}`),
  },
  // Export is reading (docs/product.md "Roles"); PDF needs Chromium, which the test machines have.
  {
    surface: "api",
    name: "GET /api/v1/documents/[id]/export?format=docx",
    expected: allow("viewer"),
    probe: api("GET", (fx, t) => `/api/v1/documents/${docId(fx, t)}/export?format=docx`),
  },
  {
    surface: "api",
    name: "GET /api/v1/documents/[id]/export?format=pdf",
    expected: allow("viewer"),
    probe: api("GET", (fx, t) => `/api/v1/documents/${docId(fx, t)}/export?format=pdf`),
  },
  {
    surface: "api",
    name: "GET /api/v1/documents/[id]/export?format=md&includeChildren=true",
    expected: allow("viewer"),
    probe: api("GET", (fx, t) => `/api/v1/documents/${docId(fx, t)}/export?format=md&includeChildren=true`),
  },

  // API v1 documents (docs/product.md "Calls"), with the session cookie.
  { surface: "api", name: "GET /api/v1/openapi.json", expected: everyone("ok"), probe: api("GET", () => "/api/v1/openapi.json") },
  { surface: "api", name: "GET /api/v1/documents", expected: allow("viewer"), probe: api("GET", (fx, t) => `/api/v1/documents?workspace=${ws(fx, t)}`) },
  {
    surface: "api",
    name: "POST /api/v1/documents",
    expected: allow("editor"),
    probe: api("POST", () => "/api/v1/documents", (fx, t) => json({ workspace: ws(fx, t), title: "Made by the API", markdown: "Some *text*." })),
  },
  {
    surface: "api",
    name: "PATCH /api/v1/documents/[id]",
    expected: allow("editor"),
    probe: api("PATCH", (fx, t) => `/api/v1/documents/${docId(fx, t)}`, () => json({ title: "Handbook" })),
  },
  {
    surface: "api",
    name: "DELETE /api/v1/documents/[id]",
    expected: allow("editor"),
    probe: api("DELETE", async (fx, t) => `/api/v1/documents/${t === "real" ? await ownerCreatesDocument(fx) : fx.missing.documentId}`),
  },
  {
    surface: "api",
    name: "POST /api/v1/documents/[id]/restore",
    expected: allow("editor"),
    probe: api("POST", async (fx, t) => `/api/v1/documents/${t === "real" ? await ownerCreatesDocument(fx, { trashed: true }) : fx.missing.documentId}/restore`),
  },
  // The same with API tokens: a token acts as its user, in its own workspace (the stranger's is B),
  // and a read token as a viewer at most.
  {
    surface: "api",
    name: "GET /api/v1/documents/[id] with a read token",
    expected: allow("viewer"),
    probe: tokenApi("read", "GET", (fx, t) => `/api/v1/documents/${docId(fx, t)}`),
  },
  {
    surface: "api",
    name: "PATCH /api/v1/documents/[id] with a write token",
    expected: allow("editor"),
    probe: tokenApi("write", "PATCH", (fx, t) => `/api/v1/documents/${docId(fx, t)}`, () => json({ title: "Handbook" })),
  },
  // The scope is checked before anything is looked up, so the stranger's read token is refused too.
  {
    surface: "api",
    name: "PATCH /api/v1/documents/[id] with a read token",
    expected: everyone("forbidden", { anonymous: "login" }),
    probe: tokenApi("read", "PATCH", (fx, t) => `/api/v1/documents/${docId(fx, t)}`, () => json({ title: "Handbook" })),
  },
  {
    surface: "api",
    name: "GET /api/v1/documents with a write token (its workspace by default)",
    expected: everyone("ok", { anonymous: "login" }),
    probe: tokenApi("write", "GET", () => "/api/v1/documents"),
  },
  {
    surface: "api",
    name: "GET /api/v1/search with a read token",
    expected: allow("viewer"),
    probe: tokenApi("read", "GET", (fx, t) => `/api/v1/search?workspace=${ws(fx, t)}&q=notes`),
  },
  {
    surface: "api",
    name: "POST /api/v1/files with a write token",
    expected: allow("editor"),
    probe: tokenApi("write", "POST", () => "/api/v1/files", (fx, t) => ({ body: imageForm(docId(fx, t)) })),
  },
  {
    surface: "api",
    name: "GET /api/v1/files/[id] with a read token",
    expected: allow("viewer", { anonymous: "not_found" }),
    probe: tokenApi("read", "GET", (fx, t) => `/api/v1/files/${fileId(fx, t)}`),
  },
  {
    surface: "api",
    name: "GET /api/v1/documents/[id]/revisions",
    expected: allow("viewer"),
    probe: api("GET", (fx, t) => `/api/v1/documents/${docId(fx, t)}/revisions`),
  },
  {
    surface: "api",
    name: "GET /api/v1/documents/[id]/comments",
    expected: allow("viewer"),
    probe: api("GET", (fx, t) => `/api/v1/documents/${docId(fx, t)}/comments`),
  },
  {
    surface: "api",
    name: "POST /api/v1/documents/[id]/revisions/[rev]/restore",
    expected: allow("editor"),
    probe: api("POST", (fx, t) => `/api/v1/documents/${docId(fx, t)}/revisions/${revisionId(fx, t)}/restore`),
  },
  // Imports at the top level of the workspace named in the form; another workspace's is not_found.
  {
    surface: "api",
    name: "POST /api/v1/import",
    expected: allow("editor"),
    probe: api("POST", () => "/api/v1/import", (fx, t) => ({ body: importForm(ws(fx, t)) })),
  },

  // The collaboration socket: viewers and commenters may read, never write.
  {
    surface: "socket",
    name: "/collab doc:[id]",
    expected: { ...allow("editor"), viewer: "read-only", commenter: "read-only" },
    probe: socket((fx, t) => docId(fx, t)),
  },
  {
    surface: "socket",
    name: "/collab doc:[id] of a trashed document",
    // A member reconnecting with words typed offline learns why (the trash), not "no access".
    expected: allow("viewer", {}, "trashed"),
    probe: socket((fx, t) => (t === "real" ? fx.trashedDoc.id : fx.missing.documentId)),
  },
  // With an API token (docs/product.md "Calls"): its user's role, capped at viewer for a read token; the
  // stranger's token is for workspace B, so A's document is refused like a missing one.
  {
    surface: "socket",
    name: "/collab doc:[id] with a write token",
    expected: { ...allow("editor"), viewer: "read-only", commenter: "read-only" },
    probe: socket((fx, t) => docId(fx, t), { tokenScope: "write" }),
  },
  {
    surface: "socket",
    name: "/collab doc:[id] with a read token",
    expected: { ...allow("viewer", {}, "read-only") },
    probe: socket((fx, t) => docId(fx, t), { tokenScope: "read" }),
  },

  // Workspace archives (Settings → Import and export): admins and owners export and import into an
  // empty workspace; anyone signed in imports into a new workspace of their own.
  {
    surface: "page",
    name: "/w/[workspace]/settings/import-export",
    expected: allow("admin", { below: "not_found" }),
    probe: page((fx, t) => `/w/${ws(fx, t)}/settings/import-export`),
  },
  // The audit log (docs/product.md "Audit log"): admins and owners read it, on the page, the API
  // and the CSV; below admin the page is the 404 (and the tab isn't shown).
  {
    surface: "page",
    name: "/w/[workspace]/settings/audit-log",
    expected: allow("admin", { below: "not_found" }),
    probe: page((fx, t) => `/w/${ws(fx, t)}/settings/audit-log`),
  },
  {
    surface: "api",
    name: "GET /api/v1/audit-events",
    expected: allow("admin"),
    probe: api("GET", (fx, t) => `/api/v1/audit-events?workspace=${ws(fx, t)}`),
  },
  {
    surface: "api",
    name: "GET /api/v1/audit-events with a read token",
    expected: allow("admin"),
    probe: tokenApi("read", "GET", (fx, t) => `/api/v1/audit-events?workspace=${ws(fx, t)}&kind=member.invited`),
  },
  {
    surface: "api",
    name: "GET /api/v1/audit-events/export",
    expected: allow("admin"),
    probe: api("GET", (fx, t) => `/api/v1/audit-events/export?workspace=${ws(fx, t)}`),
  },
  // Webhooks (docs/product.md "Webhooks"): admins and owners, on the pages and the API; an admin's
  // read token lists them and their deliveries.
  {
    surface: "page",
    name: "/w/[workspace]/settings/webhooks",
    expected: allow("admin", { below: "not_found" }),
    probe: page((fx, t) => `/w/${ws(fx, t)}/settings/webhooks`),
  },
  {
    surface: "page",
    name: "/w/[workspace]/settings/webhooks/[webhook] (its deliveries)",
    expected: allow("admin", { below: "not_found" }),
    probe: page((fx, t) => `/w/${fx.workspace.slug}/settings/webhooks/${t === "real" ? fx.webhooks.id : fx.missing.userId}`),
  },
  { surface: "api", name: "GET /api/v1/webhooks", expected: allow("admin"), probe: api("GET", (fx, t) => `/api/v1/webhooks?workspace=${ws(fx, t)}`) },
  { surface: "api", name: "GET /api/v1/webhooks with a read token", expected: allow("admin"), probe: tokenApi("read", "GET", (fx, t) => `/api/v1/webhooks?workspace=${ws(fx, t)}`) },
  {
    surface: "api",
    name: "POST /api/v1/webhooks",
    expected: allow("admin"),
    probe: api("POST", () => "/api/v1/webhooks", (fx, t) => json({ workspace: ws(fx, t), url: "http://127.0.0.1:9/posted", events: ["member.joined"] })),
  },
  {
    surface: "api",
    name: "DELETE /api/v1/webhooks/[id]",
    expected: allow("admin"),
    probe: (fx, actor, t) => api("DELETE", () => `/api/v1/webhooks/${deletableWebhook(fx, t, actor, "api")}`)(fx, actor, t),
  },
  {
    surface: "api",
    name: "GET /api/v1/webhooks/[id]/deliveries",
    expected: allow("admin"),
    probe: api("GET", (fx, t) => `/api/v1/webhooks/${t === "real" ? fx.webhooks.id : fx.missing.userId}/deliveries`),
  },
  {
    surface: "api",
    name: "GET /api/v1/webhooks/[id]/deliveries with a read token",
    expected: allow("admin"),
    probe: tokenApi("read", "GET", (fx, t) => `/api/v1/webhooks/${t === "real" ? fx.webhooks.id : fx.missing.userId}/deliveries`),
  },
  {
    surface: "api",
    name: "GET /api/v1/workspaces/[id]/export",
    expected: allow("admin"),
    probe: api("GET", (fx, t) => `/api/v1/workspaces/${workspaceId(fx, t)}/export`),
  },
  {
    surface: "api",
    name: "POST /api/v1/workspaces/import into a new workspace",
    expected: everyone("ok", { anonymous: "login" }),
    probe: api("POST", () => "/api/v1/workspaces/import", () => ({ body: archiveForm({ name: "Imported", slug: `imported-${Math.random().toString(36).slice(2, 10)}` }) })),
  },
  // Workspace A has documents: allowed roles get the conflict, never an import on top of them.
  {
    surface: "api",
    name: "POST /api/v1/workspaces/import into workspace A (not empty)",
    expected: allow("admin", {}, "conflict"),
    probe: api("POST", () => "/api/v1/workspaces/import", (fx, t) => ({ body: archiveForm({ workspace: workspaceId(fx, t) }) })),
  },  // Templates (docs/product.md "Templates"): listed for those who can create documents.
  { surface: "api", name: "GET /api/v1/templates", expected: allow("editor"), probe: api("GET", (fx, t) => `/api/v1/templates?workspace=${ws(fx, t)}`) },
  {
    surface: "api",
    name: "POST /api/v1/documents with templateId",
    expected: allow("editor"),
    probe: api("POST", () => "/api/v1/documents", (fx, t) => json({ workspace: ws(fx, t), title: "From a template", templateId: fx.templates.byOwner })),
  },
  {
    surface: "api",
    name: "POST /api/v1/documents with another workspace's templateId",
    expected: everyone("not_found", { anonymous: "login" }),
    probe: api("POST", () => "/api/v1/documents", (fx, t) => json({ workspace: fx.workspace.slug, title: "From a template", templateId: t === "real" ? fx.templates.inOther : fx.missing.templateId })),
  },

];
