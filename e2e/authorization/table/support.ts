import { strToU8, zipSync } from "fflate";
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, ENTRY } from "@/server/formats/archive/workspace-archive";
import type { Role } from "@/shared/roles";
import { ROLE_RANK, ROLES } from "@/shared/roles";
import { callAction } from "../../support/server-actions";
import type { ActorName, Fixture } from "../fixture";
import type { Observation, Outcome, Probe, Target } from "../probes";
import { action } from "../probes";

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

export const ws = (fx: Fixture, target: Target) => (target === "real" ? fx.workspace.slug : fx.missing.workspaceSlug);
export const docId = (fx: Fixture, target: Target) => (target === "real" ? fx.doc.id : fx.missing.documentId);
export const fileId = (fx: Fixture, target: Target) => (target === "real" ? fx.fileId : fx.missing.fileId);
export const workspaceId = (fx: Fixture, target: Target) => (target === "real" ? fx.workspace.id : fx.missing.workspaceId);
export const docPath = (fx: Fixture, target: Target) => `/w/${ws(fx, target)}/d/${target === "real" ? fx.doc.segment : `handbook-${fx.missing.documentId}`}`;
/** The page whose components call an action (the share dialog, a settings section). */
export const docPage = (fx: Fixture) => `/w/${fx.workspace.slug}/d/${fx.doc.segment}`;
export const historyPage = (fx: Fixture) => `/w/${fx.workspace.slug}/d/${fx.doc.segment}/history`;
export const revisionId = (fx: Fixture, target: Target) => (target === "real" ? fx.doc.revisionId : fx.missing.revisionId);
export const settingsPage = (section: string) => (fx: Fixture) => `/w/${fx.workspace.slug}/settings/${section}`;
export const shareToken = (fx: Fixture, target: Target, token: string) => (target === "real" ? token : fx.missing.shareToken);
export const intoWorkspace = (fx: Fixture) => new RegExp(`^/w/${fx.workspace.slug}$`);
export const isRole = (actor: ActorName): actor is Role => (ROLES as readonly string[]).includes(actor);
/** Per-actor objects: a missing id for the "missing" target. */
export const own = (target: Target, made: Record<ActorName, string>, actor: ActorName, missing: string) => (target === "real" ? made[actor] : missing);


/**
 * Signing out (from the workspace's account menu) ends the session it was called with: a fresh
 * one, so the table's stays valid. Signed out already, the proxy sends the caller to sign in.
 */
export async function signOutProbe(fx: Fixture, actor: ActorName): Promise<Observation> {
  const path = `/w/${fx.workspace.slug}`;
  if (actor === "anonymous") return action("signOutAction", () => path, () => [])(fx, actor, "real");
  const cookie = await fx.freshCookie(actor);
  const response = await callAction(fx.app.url, { name: "signOutAction", path, args: [], cookie });
  const session = await fetch(`${fx.app.url}/api/auth/get-session`, { headers: { cookie } });
  const isSignedOut = (await session.json()) === null;
  const evidence = `redirect → ${response.redirect}, signed out: ${isSignedOut}`;
  return { outcome: response.redirect === "/login" && isSignedOut ? "ok" : `unexpected: ${evidence}`, evidence };
}

/** changeMemberRoleAction on the actor's own target member of A (one change each). */
export function changeRole(targets: keyof Fixture["members"]["targets"], role: Role): Probe {
  return action("changeMemberRoleAction", settingsPage("members"), (fx, t, actor) => [
    { workspaceId: workspaceId(fx, t), userId: fx.members.targets[targets][actor], role },
  ]);
}

/** removeMemberAction of the actor's own target member of A. */
export function removeMember(targets: keyof Fixture["members"]["targets"]): Probe {
  return action("removeMemberAction", settingsPage("members"), (fx, t, actor) => [{ workspaceId: workspaceId(fx, t), userId: fx.members.targets[targets][actor] }]);
}

export function newAddress(): string {
  return `invited-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

/** A new document in workspace A, made by its owner through the app (optionally trashed). */
export async function ownerCreatesDocument(fx: Fixture, options: { trashed?: boolean } = {}): Promise<string> {
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

export function json(body: unknown): Omit<RequestInit, "method"> {
  return { body: JSON.stringify(body), headers: { "content-type": "application/json" } };
}

/** A new API token of `actor` in their own workspace (A; B for the stranger), made through the app. */
export async function createTokenAs(fx: Fixture, actor: Exclude<ActorName, "anonymous">): Promise<string> {
  const workspace = actor === "stranger" ? fx.otherWorkspace : fx.workspace;
  const created = await callAction(fx.app.url, {
    name: "createApiTokenAction",
    path: `/w/${workspace.slug}/settings/api-tokens`,
    args: [{}, form({ workspaceId: workspace.id, name: "To revoke", scope: "read" })],
    cookie: fx.cookie(actor),
  });
  const state = created.result as { created?: { apiToken: { id: string } } };
  if (!state.created) throw new Error(`${actor} could not create a token: ${JSON.stringify(created.result)}`);
  return state.created.apiToken.id;
}

export function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

export function importForm(workspace: string): FormData {
  const data = form({ workspace });
  data.append("file", new Blob(["# Imported\n\nFrom the authorization table."], { type: "text/markdown" }), "imported.md");
  return data;
}

export function imageForm(documentId: string): FormData {
  // The smallest PNG: a 1×1 pixel.
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII=", "base64");
  const data = form({ documentId });
  data.set("file", new Blob([png], { type: "image/png" }), "dot.png");
  return data;
}

/** The import form with a one-document workspace archive. */
export function archiveForm(fields: Record<string, string>): FormData {
  const at = "2026-11-21T10:00:00.000Z";
  const json = (value: unknown) => strToU8(JSON.stringify(value));
  const zip = zipSync({
    [ENTRY.manifest]: json({ format: ARCHIVE_FORMAT, formatVersion: ARCHIVE_FORMAT_VERSION, appVersion: "0.1.0", createdAt: at, workspace: { id: "w", name: "W", slug: "w" }, counts: { documents: 1, files: 0, revisions: 0 } }),
    [ENTRY.documents]: json([{ id: "d1", parentId: null, position: "a0", title: "Imported page", createdAt: at, updatedAt: at, deletedAt: null, deletedRootId: null }]),
    [ENTRY.files]: json([]),
    [ENTRY.content("d1")]: json({ ops: [{ insert: "Hello\n" }] }),
  });
  const data = form(fields);
  data.set("file", new Blob([zip], { type: "application/zip" }), "workspace.quire.zip");
  return data;
}

/** The id of the session the actor's cookie carries, as better-auth reports it. */
export async function sessionIdOf(fx: Fixture, actor: ActorName): Promise<string> {
  const response = await fetch(`${fx.app.url}/api/auth/get-session`, { headers: { cookie: fx.cookie(actor) } });
  const body = (await response.json()) as { session?: { id?: string } } | null;
  if (!body?.session?.id) throw new Error(`no session for ${actor}: ${response.status}`);
  return body.session.id;
}


/**
 * The webhook a row deletes: the admin's and the owner's own (one each, so no probe takes another's),
 * the shared one for those who may not delete it, an unknown id for the "missing" target.
 */
export function deletableWebhook(fx: Fixture, target: Target, actor: ActorName, via: "api" | "action"): string {
  if (target === "missing") return fx.missing.userId;
  return actor === "admin" || actor === "owner" ? fx.webhooks.deletable[via][actor] : fx.webhooks.id;
}
