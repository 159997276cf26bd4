import type { Role } from "../../src/shared/roles";
import { ROLE_RANK, ROLES } from "../../src/shared/roles";
import { callAction } from "../support/server-actions";
import type { ActorName, Fixture } from "./fixture";
import type { Observation, Outcome, Probe, Target } from "./probes";
import { action, api, page, socket } from "./probes";

/**
 * One surface (a page, a server action, an API route, the socket) and what each actor must get.
 * A feature adds one row per surface it opens; authorization.e2e.ts runs every row against all
 * seven actors and also checks that each `not_found` is indistinguishable from a missing id.
 */
export interface AccessRow {
  surface: "page" | "action" | "api" | "socket";
  /** What is reached, as a reader would say it: "GET /api/v1/documents/[id]". */
  name: string;
  expected: Record<ActorName, Outcome>;
  probe: Probe;
}

/**
 * The usual shape: members from `minimum` up get `ok`, members below get `below`, a signed-out
 * caller `anonymous`, and a member of another workspace `not_found` (its objects don't exist for them).
 */
export function allow(
  minimum: Role,
  options: { below?: Outcome; anonymous?: Outcome; stranger?: Outcome } = {},
  /** What the allowed roles get instead of `ok` (a row whose request must fail even for them). */
  allowed: Outcome = "ok",
): Record<ActorName, Outcome> {
  const roles = Object.fromEntries(ROLES.map((role) => [role, ROLE_RANK[role] >= ROLE_RANK[minimum] ? allowed : (options.below ?? "forbidden")]));
  return {
    anonymous: options.anonymous ?? "login",
    ...(roles as Record<Role, Outcome>),
    stranger: options.stranger ?? "not_found",
  };
}

/** The same outcome for everyone (public surfaces, or objects nobody may reach). */
export function everyone(outcome: Outcome, overrides: Partial<Record<ActorName, Outcome>> = {}): Record<ActorName, Outcome> {
  return { anonymous: outcome, viewer: outcome, commenter: outcome, editor: outcome, admin: outcome, owner: outcome, stranger: outcome, ...overrides };
}

const ws = (fx: Fixture, target: Target) => (target === "real" ? fx.workspace.slug : fx.missing.workspaceSlug);
const docId = (fx: Fixture, target: Target) => (target === "real" ? fx.doc.id : fx.missing.documentId);
const fileId = (fx: Fixture, target: Target) => (target === "real" ? fx.fileId : fx.missing.fileId);
const workspaceId = (fx: Fixture, target: Target) => (target === "real" ? fx.workspace.id : fx.missing.workspaceId);

export const ACCESS_TABLE: AccessRow[] = [
  // Pages. Signed-in visitors of /, /login and /signup are redirected into the app: `ok`.
  { surface: "page", name: "/", expected: everyone("ok"), probe: page(() => "/") },
  { surface: "page", name: "/login", expected: everyone("ok"), probe: page(() => "/login") },
  { surface: "page", name: "/signup", expected: everyone("ok"), probe: page(() => "/signup") },
  { surface: "page", name: "/workspaces/new", expected: everyone("ok", { anonymous: "login" }), probe: page(() => "/workspaces/new") },
  { surface: "page", name: "/w/[workspace]", expected: allow("viewer"), probe: page((fx, t) => `/w/${ws(fx, t)}`) },
  {
    surface: "page",
    name: "/w/[workspace]/d/[doc]",
    expected: allow("viewer"),
    probe: page((fx, t) => `/w/${ws(fx, t)}/d/${t === "real" ? fx.doc.segment : `handbook-${fx.missing.documentId}`}`),
  },
  {
    surface: "page",
    name: "/w/[workspace]/d/[doc] of a trashed document",
    expected: everyone("not_found", { anonymous: "login" }),
    probe: page((fx, t) => `/w/${fx.workspace.slug}/d/old-notes-${t === "real" ? fx.trashedDoc.id : fx.missing.documentId}`),
  },
  {
    surface: "page",
    name: "/w/[workspace]/[...rest] (no such page)",
    expected: everyone("not_found", { anonymous: "login" }),
    probe: page((fx, t) => `/w/${ws(fx, t)}/no-such-page`),
  },
  { surface: "page", name: "/w/[workspace]/trash", expected: allow("viewer"), probe: page((fx, t) => `/w/${ws(fx, t)}/trash`) },
  { surface: "page", name: "/w/[workspace]/settings", expected: allow("viewer"), probe: page((fx, t) => `/w/${ws(fx, t)}/settings`) },
  {
    surface: "page",
    name: "/w/[workspace]/settings/members",
    expected: allow("viewer"),
    probe: page((fx, t) => `/w/${ws(fx, t)}/settings/members`),
  },

  // Server actions, on the page whose components call them.
  {
    surface: "action",
    name: "createDocumentAction",
    expected: allow("editor"),
    probe: action("createDocumentAction", (fx) => `/w/${fx.workspace.slug}`, (fx, t) => [{ workspaceId: workspaceId(fx, t), title: "New" }]),
  },
  {
    surface: "action",
    name: "renameDocumentAction",
    expected: allow("editor"),
    probe: action("renameDocumentAction", (fx) => `/w/${fx.workspace.slug}/d/${fx.doc.segment}`, (fx, t) => [{ documentId: docId(fx, t), title: "Handbook" }]),
  },
  {
    surface: "action",
    name: "moveDocumentAction",
    expected: allow("editor"),
    probe: action("moveDocumentAction", (fx) => `/w/${fx.workspace.slug}`, (fx, t) => [{ documentId: docId(fx, t), parentId: null }]),
  },
  // Another workspace's document as the new parent: as hidden as a missing one, even to editors.
  {
    surface: "action",
    name: "moveDocumentAction under another workspace's document",
    expected: allow("editor", {}, "not_found"),
    probe: action("moveDocumentAction", (fx) => `/w/${fx.workspace.slug}`, (fx, t) => [
      { documentId: fx.doc.id, parentId: t === "real" ? fx.otherDoc.id : fx.missing.documentId },
    ]),
  },
  {
    surface: "action",
    name: "createDocumentAction under another workspace's document",
    expected: allow("editor", {}, "not_found"),
    probe: action("createDocumentAction", (fx) => `/w/${fx.workspace.slug}`, (fx, t) => [
      { workspaceId: fx.workspace.id, parentId: t === "real" ? fx.otherDoc.id : fx.missing.documentId },
    ]),
  },
  {
    surface: "action",
    name: "trashDocumentAction",
    expected: allow("editor"),
    probe: action("trashDocumentAction", (fx) => `/w/${fx.workspace.slug}`, async (fx, t) => [
      { documentId: t === "real" ? await ownerCreatesDocument(fx) : fx.missing.documentId },
    ]),
  },
  {
    surface: "action",
    name: "restoreDocumentAction",
    expected: allow("editor"),
    probe: action("restoreDocumentAction", (fx) => `/w/${fx.workspace.slug}/trash`, async (fx, t) => [
      { documentId: t === "real" ? await ownerCreatesDocument(fx, { trashed: true }) : fx.missing.documentId },
    ]),
  },
  {
    surface: "action",
    name: "purgeDocumentAction",
    expected: allow("admin"),
    probe: action("purgeDocumentAction", (fx) => `/w/${fx.workspace.slug}/trash`, async (fx, t) => [
      { documentId: t === "real" ? await ownerCreatesDocument(fx, { trashed: true }) : fx.missing.documentId },
    ]),
  },
  {
    surface: "action",
    name: "toggleFavoriteAction",
    expected: allow("viewer"),
    probe: action("toggleFavoriteAction", (fx) => `/w/${fx.workspace.slug}/d/${fx.doc.segment}`, (fx, t) => [{ documentId: docId(fx, t) }]),
  },
  {
    surface: "action",
    name: "renameWorkspaceAction",
    expected: allow("owner"),
    probe: action("renameWorkspaceAction", (fx) => `/w/${fx.workspace.slug}/settings`, (fx, t) => [
      {},
      form({ workspaceId: workspaceId(fx, t), name: fx.workspace.name }),
    ]),
  },
  {
    surface: "action",
    name: "createWorkspaceAction",
    expected: everyone("ok", { anonymous: "login" }),
    probe: action("createWorkspaceAction", () => "/workspaces/new", () => [
      {},
      form({ name: "Side project", slug: `side-${Math.random().toString(36).slice(2, 10)}` }),
    ]),
  },
  // Public forms: anyone reaches their validation (an empty form answers field messages).
  { surface: "action", name: "signInAction", expected: everyone("ok"), probe: action("signInAction", () => "/login", () => [{}, form({})]) },
  { surface: "action", name: "signUpAction", expected: everyone("ok"), probe: action("signUpAction", () => "/signup", () => [{}, form({})]) },
  { surface: "action", name: "signOutAction", expected: everyone("ok", { anonymous: "login" }), probe: signOutProbe },

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
  { surface: "api", name: "GET /api/v1/documents/[id]", expected: allow("viewer"), probe: api("GET", (fx, t) => `/api/v1/documents/${docId(fx, t)}`) },
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
    expected: everyone("not_found", { anonymous: "login" }),
    probe: socket((fx, t) => (t === "real" ? fx.trashedDoc.id : fx.missing.documentId)),
  },
];

/**
 * Signing out (from the workspace's account menu) ends the session it was called with: a fresh
 * one, so the table's stays valid. Signed out already, the proxy sends the caller to sign in.
 */
async function signOutProbe(fx: Fixture, actor: ActorName): Promise<Observation> {
  const path = `/w/${fx.workspace.slug}`;
  if (actor === "anonymous") return action("signOutAction", () => path, () => [])(fx, actor, "real");
  const cookie = await fx.freshCookie(actor);
  const response = await callAction(fx.app.url, { name: "signOutAction", path, args: [], cookie });
  const session = await fetch(`${fx.app.url}/api/auth/get-session`, { headers: { cookie } });
  const isSignedOut = (await session.json()) === null;
  const evidence = `redirect → ${response.redirect}, signed out: ${isSignedOut}`;
  return { outcome: response.redirect === "/login" && isSignedOut ? "ok" : `unexpected: ${evidence}`, evidence };
}

/** A new document in workspace A, made by its owner through the app (optionally trashed). */
async function ownerCreatesDocument(fx: Fixture, options: { trashed?: boolean } = {}): Promise<string> {
  const cookie = fx.cookie("owner");
  const path = `/w/${fx.workspace.slug}`;
  const created = await callAction(fx.app.url, { name: "createDocumentAction", path, args: [{ workspaceId: fx.workspace.id }], cookie });
  const result = created.result as { ok: boolean; data: { id: string } };
  if (!result.ok) throw new Error(`owner could not create a document: ${JSON.stringify(result)}`);
  if (options.trashed) {
    const trashed = await callAction(fx.app.url, { name: "trashDocumentAction", path, args: [{ documentId: result.data.id }], cookie });
    if (!(trashed.result as { ok: boolean }).ok) throw new Error(`owner could not trash: ${JSON.stringify(trashed.result)}`);
  }
  return result.data.id;
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

function imageForm(documentId: string): FormData {
  // The smallest PNG: a 1×1 pixel.
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII=", "base64");
  const data = form({ documentId });
  data.set("file", new Blob([png], { type: "image/png" }), "dot.png");
  return data;
}
