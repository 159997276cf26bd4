import { strToU8, zipSync } from "fflate";
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, ENTRY } from "@/server/formats/archive/workspace-archive";
import type { Role } from "@/shared/roles";
import { ROLE_RANK, ROLES } from "@/shared/roles";
import { callAction } from "../support/server-actions";
import type { ActorName, Fixture } from "./fixture";
import type { Observation, Outcome, Probe, Target } from "./probes";
import { action, api, page, socket, softNavigation, tokenApi } from "./probes";

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
const docPath = (fx: Fixture, target: Target) => `/w/${ws(fx, target)}/d/${target === "real" ? fx.doc.segment : `handbook-${fx.missing.documentId}`}`;
/** The page whose components call an action (the share dialog, a settings section). */
const docPage = (fx: Fixture) => `/w/${fx.workspace.slug}/d/${fx.doc.segment}`;
const historyPage = (fx: Fixture) => `/w/${fx.workspace.slug}/d/${fx.doc.segment}/history`;
const revisionId = (fx: Fixture, target: Target) => (target === "real" ? fx.doc.revisionId : fx.missing.revisionId);
const settingsPage = (section: string) => (fx: Fixture) => `/w/${fx.workspace.slug}/settings/${section}`;
const shareToken = (fx: Fixture, target: Target, token: string) => (target === "real" ? token : fx.missing.shareToken);
const intoWorkspace = (fx: Fixture) => new RegExp(`^/w/${fx.workspace.slug}$`);
const isRole = (actor: ActorName): actor is Role => (ROLES as readonly string[]).includes(actor);
/** Per-actor objects: a missing id for the "missing" target. */
const own = (target: Target, made: Record<ActorName, string>, actor: ActorName, missing: string) => (target === "real" ? made[actor] : missing);

export const ACCESS_TABLE: AccessRow[] = [
  // Pages. Signed-in visitors of /, /login and /signup are redirected into the app: `ok`.
  { surface: "page", name: "/", expected: everyone("ok"), probe: page(() => "/") },
  { surface: "page", name: "/login", expected: everyone("ok"), probe: page(() => "/login") },
  { surface: "page", name: "/signup", expected: everyone("ok"), probe: page(() => "/signup") },
  // Says only "check your email": the same for everyone, nothing to protect.
  { surface: "page", name: "/signup/check-email", expected: everyone("ok"), probe: page(() => "/signup/check-email") },
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
  { surface: "page", name: "/w/[workspace]/search", expected: allow("viewer"), probe: page((fx, t) => `/w/${ws(fx, t)}/search?q=notes`) },
  { surface: "page", name: "/w/[workspace]/settings", expected: allow("viewer"), probe: page((fx, t) => `/w/${ws(fx, t)}/settings`) },
  {
    surface: "page",
    name: "/w/[workspace]/settings/members",
    expected: allow("viewer"),
    probe: page((fx, t) => `/w/${ws(fx, t)}/settings/members`),
  },
  // An admin section: below admin the address is the 404 page (and the tab isn't shown).
  {
    surface: "page",
    name: "/w/[workspace]/settings/invitations",
    expected: allow("admin", { below: "not_found" }),
    probe: page((fx, t) => `/w/${ws(fx, t)}/settings/invitations`),
  },

  // Sharing. Every member sees the dialog (and the live link); only editors and up change links.
  {
    surface: "page",
    name: "/w/[workspace]/d/[doc]/share",
    expected: allow("viewer"),
    probe: page((fx, t) => `${docPath(fx, t)}/share`, (_actor, fx) => new RegExp(fx.sharing.live.token)),
  },
  {
    surface: "page",
    name: "/w/[workspace]/d/[doc]/share of a trashed document",
    expected: everyone("not_found", { anonymous: "login" }),
    probe: page((fx, t) => `/w/${fx.workspace.slug}/d/old-notes-${t === "real" ? fx.trashedDoc.id : fx.missing.documentId}/share`),
  },
  // "Share" clicked in the editor: the router's request from the document page, which the modal intercepts.
  {
    surface: "page",
    name: "/w/[workspace]/d/[doc]/@modal/(.)share",
    expected: allow("viewer"),
    probe: softNavigation((fx, t) => ({ path: `${docPath(fx, t)}/share`, from: docPath(fx, t) }), /"ShareModal"/),
  },
  // Published pages: anyone with the link, signed in or not, while the link and its documents are live.
  {
    surface: "page",
    name: "/p/[share]",
    expected: everyone("ok"),
    probe: page((fx) => `/p/${fx.sharing.live.token}`, () => /Handbook/),
  },
  {
    surface: "page",
    name: "/p/[share]/[[...path]] of a child under a link with children",
    expected: everyone("ok"),
    probe: page((fx) => `/p/${fx.sharing.live.token}/${fx.sharing.child.segment}`, () => /Chapter one/),
  },
  {
    surface: "page",
    name: "/p/[share] of a revoked link",
    expected: everyone("not_found"),
    probe: page((fx, t) => `/p/${shareToken(fx, t, fx.sharing.revokedToken)}`),
  },
  {
    surface: "page",
    name: "/p/[share] of a trashed document's link",
    expected: everyone("not_found"),
    probe: page((fx, t) => `/p/${shareToken(fx, t, fx.sharing.trashedToken)}`),
  },
  {
    surface: "page",
    name: "/p/[share]/[[...path]] of a child under a link without children",
    expected: everyone("not_found"),
    probe: page((fx, t) => `/p/${fx.sharing.flat.token}/${t === "real" ? fx.sharing.flat.childSegment : `unpublished-child-${fx.missing.documentId}`}`),
  },
  {
    surface: "page",
    name: "/p/[share]/[[...path]] of another workspace's document under a live link",
    expected: everyone("not_found"),
    probe: page((fx, t) => `/p/${fx.sharing.live.token}/${t === "real" ? fx.otherDoc.segment : `their-plans-${fx.missing.documentId}`}`),
  },

  // Invitation links: anyone holding one. Signed out: the invitation, with sign-up and sign-in;
  // a member of its workspace: that workspace; anyone else: who it is for and who they are signed in as.
  {
    surface: "page",
    name: "/invite/[token]",
    expected: everyone("ok"),
    probe: page((fx) => `/invite/${fx.members.pendingToken}`, (actor, fx) => {
      if (actor === "anonymous") return /Create an account/;
      return actor === "stranger" ? /but you(&#x27;|')re signed in as/ : intoWorkspace(fx);
    }),
  },
  // Whatever became of the link, a member is sent into the workspace; anyone else is told.
  {
    surface: "page",
    name: "/invite/[token] of a revoked invitation",
    expected: everyone("ok"),
    probe: page(
      (fx) => `/invite/${fx.members.revokedToken}`,
      (actor, fx) => (actor === "anonymous" || actor === "stranger" ? /This invitation was withdrawn/ : intoWorkspace(fx)),
    ),
  },
  // The invited sign-up form for someone signed out; signed in, the invitation page instead.
  {
    surface: "page",
    name: "/signup?invite=[token]",
    expected: everyone("ok"),
    probe: page(
      (fx) => `/signup?invite=${fx.members.pendingToken}`,
      (actor, fx) => (actor === "anonymous" ? new RegExp(`Join (<!-- -->)?${fx.workspace.name}`) : new RegExp(`^/invite/${fx.members.pendingToken}$`)),
    ),
  },
  {
    surface: "page",
    name: "/invite/[token] that names no invitation",
    expected: everyone("ok"),
    probe: page((fx) => `/invite/${fx.missing.invitationToken}`, () => /This invitation link isn(&#x27;|')t valid/),
  },
  // The browser's print view (Export as PDF where the server has no Chromium): reading, like export.
  {
    surface: "page",
    name: "/w/[workspace]/d/[doc]/print",
    expected: allow("viewer"),
    probe: page((fx, t) => `${docPath(fx, t)}/print`, () => /Print or save as PDF/),
  },

  // Version history: every member reads the timeline and old versions.
  { surface: "page", name: "/w/[workspace]/d/[doc]/history", expected: allow("viewer"), probe: page((fx, t) => `${docPath(fx, t)}/history`, () => /First edition/) },
  {
    surface: "page",
    name: "/w/[workspace]/d/[doc]/history of a revision",
    expected: allow("viewer"),
    probe: page((fx, t) => `${docPath(fx, t)}/history/${revisionId(fx, t)}`, () => /Changes since this version/),
  },
  {
    surface: "page",
    name: "/w/[workspace]/d/[doc]/history of a trashed document",
    expected: everyone("not_found", { anonymous: "login" }),
    probe: page((fx, t) => `/w/${fx.workspace.slug}/d/old-notes-${t === "real" ? fx.trashedDoc.id : fx.missing.documentId}/history`),
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
    name: "listRecentDocumentsAction",
    expected: allow("viewer"),
    probe: action("listRecentDocumentsAction", (fx) => `/w/${fx.workspace.slug}`, (fx, t) => [{ workspaceId: workspaceId(fx, t) }]),
  },
  {
    surface: "action",
    name: "updateWorkspaceAction",
    expected: allow("owner"),
    probe: action("updateWorkspaceAction", (fx) => `/w/${fx.workspace.slug}/settings`, (fx, t) => [
      {},
      // The same address: an owner's probe must not move the workspace under the other rows.
      form({ workspaceId: workspaceId(fx, t), name: fx.workspace.name, slug: fx.workspace.slug }),
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

  // Sharing: editors publish; editors change and revoke their own links, admins and owners any (shareAbilities).
  {
    surface: "action",
    name: "createShareAction",
    expected: allow("editor"),
    probe: action("createShareAction", docPage, (fx, t, actor) => [
      { documentId: own(t, fx.sharing.unshared, actor, fx.missing.documentId), includeChildren: false, allowIndexing: false },
    ]),
  },
  // As hidden from A's members as a missing document; the stranger owns it and may publish it.
  {
    surface: "action",
    name: "createShareAction of another workspace's document",
    expected: everyone("not_found", { anonymous: "login", stranger: "ok" }),
    probe: action("createShareAction", docPage, (fx, t) => [
      { documentId: t === "real" ? fx.otherDoc.id : fx.missing.documentId, includeChildren: false, allowIndexing: false },
    ]),
  },
  {
    surface: "action",
    name: "createShareAction of a trashed document",
    expected: everyone("not_found", { anonymous: "login" }),
    probe: action("createShareAction", docPage, (fx, t) => [
      { documentId: t === "real" ? fx.trashedDoc.id : fx.missing.documentId, includeChildren: false, allowIndexing: false },
    ]),
  },
  {
    surface: "action",
    name: "updateShareAction of the owner's link",
    expected: allow("admin"),
    probe: action("updateShareAction", docPage, (fx, t) => [{ shareId: t === "real" ? fx.sharing.live.id : fx.missing.shareId, allowIndexing: false }]),
  },
  {
    surface: "action",
    name: "updateShareAction of the editor's own link",
    expected: allow("editor"),
    probe: action("updateShareAction", docPage, (fx, t) => [{ shareId: t === "real" ? fx.sharing.editors.id : fx.missing.shareId, allowIndexing: false }]),
  },
  {
    surface: "action",
    name: "revokeShareAction of the owner's link",
    expected: allow("admin"),
    probe: action("revokeShareAction", docPage, (fx, t, actor) => [{ shareId: own(t, fx.sharing.revocable.byOwner, actor, fx.missing.shareId) }]),
  },
  {
    surface: "action",
    name: "revokeShareAction of the editor's own link",
    expected: allow("editor"),
    probe: action("revokeShareAction", docPage, (fx, t, actor) => [{ shareId: own(t, fx.sharing.revocable.byEditor, actor, fx.missing.shareId) }]),
  },

  // Members and invitations: admins invite, revoke, re-role and remove below admin; owners
  // manage admins and owners; the last owner can neither leave nor be demoted (docs/product.md "States", "Roles").
  {
    surface: "action",
    name: "inviteMemberAction of an editor",
    expected: allow("admin"),
    probe: action("inviteMemberAction", settingsPage("invitations"), (fx, t) => [{}, form({ workspaceId: workspaceId(fx, t), email: newAddress(), role: "editor" })]),
  },
  {
    surface: "action",
    name: "inviteMemberAction of an admin",
    expected: allow("owner"),
    probe: action("inviteMemberAction", settingsPage("invitations"), (fx, t) => [{}, form({ workspaceId: workspaceId(fx, t), email: newAddress(), role: "admin" })]),
  },
  {
    surface: "action",
    name: "revokeInvitationAction of an editor's invitation",
    expected: allow("admin"),
    probe: action("revokeInvitationAction", settingsPage("invitations"), (fx, t, actor) => [
      { invitationId: own(t, fx.members.revocable.editor, actor, fx.missing.invitationId) },
    ]),
  },
  {
    surface: "action",
    name: "revokeInvitationAction of an admin's invitation",
    expected: allow("owner"),
    probe: action("revokeInvitationAction", settingsPage("invitations"), (fx, t, actor) => [
      { invitationId: own(t, fx.members.revocable.admin, actor, fx.missing.invitationId) },
    ]),
  },
  {
    surface: "action",
    name: "reissueInvitationAction of an editor's invitation",
    expected: allow("admin"),
    probe: action("reissueInvitationAction", settingsPage("invitations"), (fx, t, actor) => [
      { invitationId: own(t, fx.members.reissuable, actor, fx.missing.invitationId) },
    ]),
  },
  {
    surface: "action",
    name: "changeMemberRoleAction of a viewer to commenter",
    expected: allow("admin"),
    probe: changeRole("viewerToCommenter", "commenter"),
  },
  {
    surface: "action",
    name: "changeMemberRoleAction of a viewer to admin",
    expected: allow("owner"),
    probe: changeRole("viewerToAdmin", "admin"),
  },
  {
    surface: "action",
    name: "changeMemberRoleAction of an admin to editor",
    expected: allow("owner"),
    probe: changeRole("adminToEditor", "editor"),
  },
  // The owner may demote owners, but not the only one: that is themselves here.
  {
    surface: "action",
    name: "changeMemberRoleAction of the last owner to admin",
    expected: allow("owner", {}, "conflict"),
    probe: action("changeMemberRoleAction", settingsPage("members"), (fx, t) => [{ workspaceId: workspaceId(fx, t), userId: fx.members.ownerId, role: "admin" }]),
  },
  {
    surface: "action",
    name: "removeMemberAction of an editor",
    expected: allow("admin"),
    probe: removeMember("editorToRemove"),
  },
  {
    surface: "action",
    name: "removeMemberAction of an admin",
    expected: allow("owner"),
    probe: removeMember("adminToRemove"),
  },
  // Nobody outranks the owner, and the owner leaves rather than removes themselves.
  {
    surface: "action",
    name: "removeMemberAction of the owner",
    expected: allow("owner", {}, "forbidden"),
    probe: action("removeMemberAction", settingsPage("members"), (fx, t) => [{ workspaceId: workspaceId(fx, t), userId: fx.members.ownerId }]),
  },
  // Each member leaves a workspace of their own where they hold the same role as in A.
  {
    surface: "action",
    name: "leaveWorkspaceAction",
    expected: allow("viewer"),
    probe: action("leaveWorkspaceAction", settingsPage("members"), (fx, t, actor) => [
      { workspaceId: t === "missing" ? fx.missing.workspaceId : isRole(actor) ? fx.members.leave.withCoOwner[actor] : fx.workspace.id },
    ]),
  },
  {
    surface: "action",
    name: "leaveWorkspaceAction of the last owner",
    expected: { ...allow("viewer"), owner: "conflict" },
    probe: action("leaveWorkspaceAction", settingsPage("members"), (fx, t, actor) => [
      { workspaceId: t === "missing" ? fx.missing.workspaceId : isRole(actor) ? fx.members.leave.soleOwner[actor] : fx.workspace.id },
    ]),
  },
  // Accepting needs a session and the invited address; a member already in the workspace just opens it.
  {
    surface: "action",
    name: "acceptInvitationAction of an invitation for another address",
    expected: allow("viewer", { stranger: "forbidden" }),
    probe: action("acceptInvitationAction", (fx) => `/invite/${fx.members.pendingToken}`, (fx, t) => [
      {},
      form({ token: t === "real" ? fx.members.pendingToken : fx.missing.invitationToken }),
    ]),
  },
  {
    surface: "action",
    name: "acceptInvitationAction of an invitation for the caller's address",
    expected: everyone("ok", { anonymous: "login" }),
    probe: action("acceptInvitationAction", (fx) => `/invite/${fx.members.pendingToken}`, (fx, t, actor) => [
      {},
      form({ token: own(t, fx.members.own, actor, fx.missing.invitationToken) }),
    ]),
  },
  // Anyone holding the link signs up with the invited address and lands in the workspace.
  {
    surface: "action",
    name: "signUpAction with an invitation's token",
    expected: everyone("ok"),
    probe: action("signUpAction", () => "/signup", (fx, _t, actor) => [
      {},
      form({ name: "New person", email: fx.members.signUp[actor].email, password: "a-long-enough-password", token: fx.members.signUp[actor].token }),
    ]),
  },

  // Versions: editors and up save and restore; every member pages the timeline.
  {
    surface: "action",
    name: "saveVersionAction",
    expected: allow("editor"),
    probe: action("saveVersionAction", docPage, (fx, t) => [{ documentId: docId(fx, t), name: "Checkpoint" }]),
  },
  {
    surface: "action",
    name: "listRevisionsAction",
    expected: allow("viewer"),
    probe: action("listRevisionsAction", historyPage, (fx, t) => [{ documentId: docId(fx, t), cursor: null }]),
  },
  {
    surface: "action",
    name: "restoreRevisionAction",
    expected: allow("editor"),
    probe: action("restoreRevisionAction", historyPage, (fx, t) => [{ documentId: docId(fx, t), revisionId: revisionId(fx, t) }]),
  },

  // Public forms: anyone reaches their validation (an empty form answers field messages).
  { surface: "action", name: "signInAction", expected: everyone("ok"), probe: action("signInAction", () => "/login", () => [{}, form({})]) },
  { surface: "action", name: "signUpAction", expected: everyone("ok"), probe: action("signUpAction", () => "/signup", () => [{}, form({})]) },
  { surface: "action", name: "signOutAction", expected: everyone("ok", { anonymous: "login" }), probe: signOutProbe },

  // The profile: everyone signed in changes only their own name, colour and email (the session's user).
  { surface: "page", name: "/profile", expected: everyone("ok", { anonymous: "login" }), probe: page(() => "/profile") },
  {
    surface: "action",
    name: "updateProfileAction",
    expected: everyone("ok", { anonymous: "login" }),
    // The actor's own name again, and a colour no other row looks at.
    probe: action("updateProfileAction", () => "/profile", (_fx, _t, actor) => [{}, form({ name: `Test ${actor}`, color: "#0f766e" })]),
  },
  {
    surface: "action",
    name: "changeEmailAction",
    expected: everyone("ok", { anonymous: "login" }),
    // Field messages only: a real change would move an actor's address under the invitation rows.
    probe: action("changeEmailAction", () => "/profile", () => [{}, form({ email: "not an address", currentPassword: "" })]),
  },

  // Profile → Security: everyone signed in lists and ends only their own sessions, and changes their own password.
  { surface: "page", name: "/profile/security", expected: everyone("ok", { anonymous: "login" }), probe: page(() => "/profile/security") },
  {
    surface: "action",
    name: "changePasswordAction",
    expected: everyone("ok", { anonymous: "login" }),
    // Field messages only: a real change would sign the actor's other sessions out under other rows.
    probe: action("changePasswordAction", () => "/profile/security", () => [{}, form({ currentPassword: "", newPassword: "short" })]),
  },
  {
    surface: "action",
    name: "revokeSessionAction of the stranger's session",
    // Someone else's session is not_found, as an id that names nothing; the stranger's own is the
    // session asking, which is signed out with Sign out instead (conflict), and never ended here.
    expected: everyone("not_found", { anonymous: "login", stranger: "conflict" }),
    probe: action("revokeSessionAction", () => "/profile/security", async (fx, t) => [{ sessionId: t === "real" ? await sessionIdOf(fx, "stranger") : fx.missing.userId }]),
  },
  {
    surface: "action",
    name: "revokeOtherSessionsAction",
    // Ends only the actor's own other sessions; the cookie every other row uses stays signed in.
    expected: everyone("ok", { anonymous: "login" }),
    probe: action("revokeOtherSessionsAction", () => "/profile/security", () => []),
  },
  // "Forgot password?" and the reset link's page answer everyone; this server has no SMTP, so the
  // first says it can't send a link. An empty form answers field messages.
  { surface: "page", name: "/forgot-password", expected: everyone("ok"), probe: page(() => "/forgot-password", () => /can&#x27;t send email|can't send email/) },
  { surface: "page", name: "/reset-password", expected: everyone("ok"), probe: page(() => "/reset-password?token=not-a-token") },
  { surface: "action", name: "requestPasswordResetAction", expected: everyone("ok"), probe: action("requestPasswordResetAction", () => "/forgot-password", () => [{}, form({})]) },
  { surface: "action", name: "resetPasswordAction", expected: everyone("ok"), probe: action("resetPasswordAction", () => "/reset-password?token=x", () => [{}, form({})]) },

  // API tokens (Settings → API tokens): every member manages their own, whatever the role.
  { surface: "page", name: "/w/[workspace]/settings/api-tokens", expected: allow("viewer"), probe: page((fx, t) => `/w/${ws(fx, t)}/settings/api-tokens`) },
  {
    surface: "action",
    name: "createApiTokenAction",
    expected: allow("viewer"),
    probe: action("createApiTokenAction", settingsPage("api-tokens"), (fx, t) => [{}, form({ workspaceId: workspaceId(fx, t), name: "Probe", scope: "read" })]),
  },
  {
    surface: "action",
    name: "revokeApiTokenAction of the caller's own token",
    expected: everyone("ok", { anonymous: "login" }),
    probe: action("revokeApiTokenAction", settingsPage("api-tokens"), async (fx, t, actor) => [
      { tokenId: t === "real" && actor !== "anonymous" ? await createTokenAs(fx, actor) : fx.missing.userId },
    ]),
  },
  // Someone else's token (the owner's) is not found for everyone else, admins included.
  {
    surface: "action",
    name: "revokeApiTokenAction of the owner's token",
    expected: everyone("not_found", { anonymous: "login", owner: "ok" }),
    probe: action("revokeApiTokenAction", settingsPage("api-tokens"), async (fx, t) => [{ tokenId: t === "real" ? await createTokenAs(fx, "owner") : fx.missing.userId }]),
  },

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
    expected: everyone("not_found", { anonymous: "login" }),
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

/** changeMemberRoleAction on the actor's own target member of A (one change each). */
function changeRole(targets: keyof Fixture["members"]["targets"], role: Role): Probe {
  return action("changeMemberRoleAction", settingsPage("members"), (fx, t, actor) => [
    { workspaceId: workspaceId(fx, t), userId: fx.members.targets[targets][actor], role },
  ]);
}

/** removeMemberAction of the actor's own target member of A. */
function removeMember(targets: keyof Fixture["members"]["targets"]): Probe {
  return action("removeMemberAction", settingsPage("members"), (fx, t, actor) => [{ workspaceId: workspaceId(fx, t), userId: fx.members.targets[targets][actor] }]);
}

function newAddress(): string {
  return `invited-${Math.random().toString(36).slice(2, 10)}@example.com`;
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

function json(body: unknown): Omit<RequestInit, "method"> {
  return { body: JSON.stringify(body), headers: { "content-type": "application/json" } };
}

/** A new API token of `actor` in their own workspace (A; B for the stranger), made through the app. */
async function createTokenAs(fx: Fixture, actor: Exclude<ActorName, "anonymous">): Promise<string> {
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

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

function importForm(workspace: string): FormData {
  const data = form({ workspace });
  data.append("file", new Blob(["# Imported\n\nFrom the authorization table."], { type: "text/markdown" }), "imported.md");
  return data;
}

function imageForm(documentId: string): FormData {
  // The smallest PNG: a 1×1 pixel.
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII=", "base64");
  const data = form({ documentId });
  data.set("file", new Blob([png], { type: "image/png" }), "dot.png");
  return data;
}

/** The import form with a one-document workspace archive. */
function archiveForm(fields: Record<string, string>): FormData {
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
async function sessionIdOf(fx: Fixture, actor: ActorName): Promise<string> {
  const response = await fetch(`${fx.app.url}/api/auth/get-session`, { headers: { cookie: fx.cookie(actor) } });
  const body = (await response.json()) as { session?: { id?: string } } | null;
  if (!body?.session?.id) throw new Error(`no session for ${actor}: ${response.status}`);
  return body.session.id;
}
