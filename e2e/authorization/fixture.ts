import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createAuth } from "@/server/auth/auth";
import { provideCollabLiveDocuments } from "@/server/collab/live-document";
import type { Actor } from "@/server/context";
import { openDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { markMigrated } from "@/server/db/migration-marker";
import type { Db } from "@/server/db/client";
import { eq } from "drizzle-orm";
import * as Y from "yjs";
import { commentThreads, comments, memberships, webhookDeliveries } from "@/server/db/schema";
import { createApiToken } from "@/server/services/api-tokens/create-api-token";
import { createDocument } from "@/server/services/documents/create-document";
import { trashDocument } from "@/server/services/documents/trash-document";
import { createInvitation } from "@/server/services/invitations/create-invitation";
import { revokeInvitation } from "@/server/services/invitations/revoke-invitation";
import { createShare } from "@/server/services/sharing/create-share";
import { saveVersion } from "@/server/services/revisions/save-version";
import { revokeShare } from "@/server/services/sharing/revoke-share";
import { newShareToken } from "@/server/services/sharing/internal/share-token";
import { createTemplate } from "@/server/services/templates/create-template";
import { createWebhook } from "@/server/services/webhooks/create-webhook";
import { enqueueWebhookEvent } from "@/server/services/webhooks/internal/enqueue-webhook-event";
import { createWorkspace } from "@/server/services/workspaces/create-workspace";
import type { EncodedAnchor } from "@/shared/comments/anchors";
import { encodeAnchor } from "@/shared/comments/anchors";
import { documentSegment } from "@/shared/document-slug";
import type { Role } from "@/shared/roles";
import { ROLES } from "@/shared/roles";
import { SAMPLE_IMAGES } from "@test/file-factories";
import { buildUser, buildWorkspace } from "@test/factories";
import { cookieHeader, signInViaApi } from "../support/accounts";
import type { RunningApp } from "../support/start-app";
import { startApp } from "../support/start-app";

/** Everyone the table asks about: the five roles of workspace A, a stranger (owner of B), and nobody. */
export const ACTORS = ["anonymous", "viewer", "commenter", "editor", "admin", "owner", "stranger"] as const;
export type ActorName = (typeof ACTORS)[number];
type SignedIn = Exclude<ActorName, "anonymous">;
/** One object per actor: for rows whose call uses up what it acts on (revoke, remove, leave). */
export type PerActor<T = string> = Record<ActorName, T>;

/** A running app with workspace A (one member per role), workspace B (the stranger's) and their objects. */
export interface Fixture {
  app: RunningApp;
  /** The actor's session cookie; "" for anonymous. */
  cookie(actor: ActorName): string;
  /** Signs `actor` in again: a second session, for rows that end the one they use. */
  freshCookie(actor: SignedIn): Promise<string>;
  workspace: { id: string; slug: string; name: string };
  otherWorkspace: { id: string; slug: string };
  /** In A: a live document (with an uploaded image and a named revision), and a trashed one. */
  doc: { id: string; segment: string; revisionId: string };
  trashedDoc: { id: string };
  /** In B: the stranger's document. */
  otherDoc: { id: string; segment: string };
  fileId: string;
  sharing: SharingFixture;
  members: MembersFixture;
  /** Per signed-in actor, API tokens of their workspace (A; B for the stranger) in each scope. */
  tokens: Record<SignedIn, Record<"read" | "write", string>>;
  webhooks: WebhooksFixture;
  comments: CommentsFixture;
  templates: TemplatesFixture;
  /** Ids of the right shape that name nothing: what a stranger's denial must be identical to. */
  missing: {
    documentId: string;
    workspaceId: string;
    workspaceSlug: string;
    fileId: string;
    shareId: string;
    shareToken: string;
    invitationId: string;
    invitationToken: string;
    userId: string;
    revisionId: string;
    /** A comment's or a thread's. */
    commentId: string;
    templateId: string;
  };
}

/** Templates of A (docs/product.md "Templates": editors manage their own, admins and owners all). */
export interface TemplatesFixture {
  /** The owner's template, and the editor's. */
  byOwner: string;
  byEditor: string;
  /** The stranger's template, in B. */
  inOther: string;
  /** Per actor, one of the owner's templates to delete. */
  deletable: PerActor;
}

/** Public links in workspace A (docs/product.md "Roles": editors publish; editors manage their own links, admins any). */
export interface SharingFixture {
  /** The owner's live link to `doc`, children included, and a live child of `doc`. */
  live: { id: string; token: string };
  child: { segment: string };
  /** A live link without children, and a live child of its document (not published). */
  flat: { token: string; childSegment: string };
  /** A live link the editor made. */
  editors: { id: string };
  /** Links that no longer answer: revoked, and on a document trashed since. */
  revokedToken: string;
  trashedToken: string;
  /** Per actor, a live document with no link yet (there is at most one live link per document). */
  unshared: PerActor;
  /** Per actor, a live link to revoke: the owner's, and the editor's. */
  revocable: { byOwner: PerActor; byEditor: PerActor };
}

/**
 * Webhooks of A (docs/product.md "Webhooks": admins and owners manage them), pointing at a closed
 * local port (the table's server allows private addresses, so nothing leaves the machine).
 */
export interface WebhooksFixture {
  /** A webhook with one delivery: for the deliveries page and list, and Resend (which consumes nothing). */
  id: string;
  deliveryId: string;
  /** For the admin and the owner, one webhook each to delete through the API and through the action. */
  deletable: Record<"api" | "action", Record<"admin" | "owner", string>>;
}

/** Members and invitations (docs/product.md "Roles", "States": admins manage below admin, owners everyone, one owner stays). */
export interface MembersFixture {
  /** The owner of A: its only owner. */
  ownerId: string;
  /** Per actor, a member of A with the role the key starts with, for one change each. */
  targets: Record<"viewerToCommenter" | "viewerToAdmin" | "adminToEditor" | "editorToRemove" | "adminToRemove", PerActor>;
  /** Per role, a workspace to leave where the actor holds that role: beside another owner, or (the owner) alone. */
  leave: { withCoOwner: Record<Role, string>; soleOwner: Record<Role, string> };
  /** A pending invitation to A (as an editor) for an address nobody uses, and a revoked one. */
  pendingToken: string;
  revokedToken: string;
  /** Per actor, a pending invitation to A to revoke: one for an editor, one for an admin. */
  revocable: { editor: PerActor; admin: PerActor };
  /** Per actor, a pending invitation to A (for an editor) to give a new link. */
  reissuable: PerActor;
  /** Per actor, an invitation to another workspace ("Guests") for the actor's own address. */
  own: PerActor;
  /** Per actor, an invitation to Guests for a new address to sign up with. */
  signUp: PerActor<{ token: string; email: string }>;
}

const PASSWORD = "authorization-table-pw";

/**
 * Seeds a fresh data directory through the real services (accounts through better-auth, so
 * the app can sign them in), then starts the production server on it. Memberships below
 * owner are inserted directly: inviting is another branch's feature (issue 5).
 */
export async function startFixture(): Promise<Fixture> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-authz-"));
  const tag = crypto.randomBytes(3).toString("hex");
  const emails = Object.fromEntries(ACTORS.filter(isSignedIn).map((a) => [a, `${a}-${tag}@example.com`])) as Record<SignedIn, string>;

  // The services seed here, in the test process, where no server.ts runs: saving a version reads
  // the body through the live-documents port, so give it its real implementation (as unit tests do).
  provideCollabLiveDocuments();
  const handle = await openDatabase({ dataDir: path.join(dataDir, "db") });
  let seeded: Omit<Fixture, "app" | "cookie" | "freshCookie" | "fileId">;
  try {
    await migrateDatabase(handle);
    markMigrated(path.join(dataDir, "db")); // as the server leaves it: its start finds nothing pending
    const db = handle.db;
    const auth = createAuth({ db, secret: crypto.randomBytes(32).toString("hex") });
    const actors = {} as Record<SignedIn, Actor>;
    for (const name of ACTORS.filter(isSignedIn)) {
      const { user } = await auth.api.signUpEmail({ body: { name: `Test ${name}`, email: emails[name], password: PASSWORD } });
      actors[name] = { id: user.id, name: user.name, email: user.email, color: String(user.color), twoFactorEnabled: false };
    }
    const owner = { db, actor: actors.owner };
    const workspace = await createWorkspace(owner, { name: `Team ${tag}`, slug: `team-${tag}` });
    const roles: Role[] = ["viewer", "commenter", "editor", "admin"];
    await db.insert(memberships).values(roles.map((role) => ({ workspaceId: workspace.id, userId: actors[role as SignedIn].id, role })));
    const otherWorkspace = await createWorkspace({ db, actor: actors.stranger }, { name: `Other ${tag}`, slug: `other-${tag}` });
    const otherDoc = await createDocument({ db, actor: actors.stranger }, { workspaceId: otherWorkspace.id, title: "Their plans" });
    const doc = await createDocument(owner, { workspaceId: workspace.id, title: "Handbook" });
    const revision = await saveVersion(owner, { documentId: doc.id, name: "First edition" });
    const trashed = await createDocument(owner, { workspaceId: workspace.id, title: "Old notes" });
    await trashDocument(owner, { documentId: trashed.id });
    seeded = {
      workspace: { id: workspace.id, slug: workspace.slug, name: workspace.name },
      otherWorkspace: { id: otherWorkspace.id, slug: otherWorkspace.slug },
      doc: { id: doc.id, segment: documentSegment(doc), revisionId: revision.id },
      trashedDoc: { id: trashed.id },
      otherDoc: { id: otherDoc.id, segment: documentSegment(otherDoc) },
      sharing: await seedSharing(db, actors, workspace.id, doc.id),
      members: await seedMembers(db, actors, workspace.id, tag),
      tokens: await seedTokens(db, actors, { workspace: workspace.id, stranger: otherWorkspace.id }),
      webhooks: await seedWebhooks(db, actors.owner, workspace.id),
      comments: await seedComments(db, actors, workspace.id, doc.id),
      templates: await seedTemplates(db, actors, workspace.id, otherWorkspace.id),
      missing: {
        documentId: "zzzzzzzzzzzz",
        workspaceId: crypto.randomUUID(),
        workspaceSlug: `missing-${tag}`,
        fileId: crypto.randomUUID(),
        shareId: crypto.randomUUID(),
        shareToken: newShareToken(),
        invitationId: crypto.randomUUID(),
        invitationToken: crypto.randomBytes(32).toString("base64url"),
        userId: crypto.randomUUID(),
        revisionId: crypto.randomUUID(),
        commentId: crypto.randomUUID(),
        templateId: crypto.randomUUID(),
      },
    };
  } finally {
    await handle.close();
  }

  const app = await startApp({ dataDir, env: { WEBHOOKS_ALLOW_PRIVATE: "true" } });
  const cookies = {} as Record<SignedIn, string>;
  const signIn = async (actor: SignedIn) => {
    const response = await signInViaApi(app.url, { email: emails[actor], password: PASSWORD });
    if (!response.ok) throw new Error(`sign-in of ${actor}: ${response.status} ${await response.text()}`);
    return cookieHeader(response);
  };
  for (const actor of ACTORS.filter(isSignedIn)) cookies[actor] = await signIn(actor);
  const fileId = await uploadImage(app.url, cookies.editor, seeded.doc.id);
  return {
    ...seeded,
    app,
    fileId,
    cookie: (actor) => (actor === "anonymous" ? "" : cookies[actor]),
    freshCookie: signIn,
  };
}

/** Links in A; seeded before the server starts (PGlite is one process's). */
async function seedSharing(db: Db, actors: Record<SignedIn, Actor>, workspaceId: string, docId: string): Promise<SharingFixture> {
  const owner = { db, actor: actors.owner };
  const editor = { db, actor: actors.editor };
  const newDoc = (title: string, parentId?: string) => createDocument(owner, { workspaceId, title, parentId });
  const share = (ctx: typeof owner, documentId: string, includeChildren = false) =>
    createShare(ctx, { documentId, includeChildren, allowIndexing: false });

  const live = await share(owner, docId, true);
  const child = await newDoc("Chapter one", docId);
  const flatDoc = await newDoc("Flat page");
  const flat = await share(owner, flatDoc.id);
  const flatChild = await newDoc("Unpublished child", flatDoc.id);
  const editors = await share(editor, (await newDoc("Editor's page")).id);
  const revoked = await share(owner, (await newDoc("Withdrawn")).id);
  await revokeShare(owner, { shareId: revoked.id });
  const binned = await newDoc("Binned");
  const trashedShare = await share(owner, binned.id);
  await trashDocument(owner, { documentId: binned.id });

  const unshared = {} as PerActor;
  const byOwner = {} as PerActor;
  const byEditor = {} as PerActor;
  for (const actor of ACTORS) {
    unshared[actor] = (await newDoc(`To publish (${actor})`)).id;
    byOwner[actor] = (await share(owner, (await newDoc(`Owner's link (${actor})`)).id)).id;
    byEditor[actor] = (await share(editor, (await newDoc(`Editor's link (${actor})`)).id)).id;
  }
  return {
    live: { id: live.id, token: live.token },
    child: { segment: documentSegment(child) },
    flat: { token: flat.token, childSegment: documentSegment(flatChild) },
    editors: { id: editors.id },
    revokedToken: revoked.token,
    trashedToken: trashedShare.token,
    unshared,
    revocable: { byOwner, byEditor },
  };
}

/** Members of A to act on, workspaces to leave and invitations; seeded before the server starts. */
async function seedMembers(db: Db, actors: Record<SignedIn, Actor>, workspaceId: string, tag: string): Promise<MembersFixture> {
  const owner = { db, actor: actors.owner };
  // Someone who never signs in: creates the workspaces the actors join or leave.
  const host = { db, actor: await buildUser(db, { name: "Host", email: `host-${tag}@example.com` }) };

  const member = async (role: Role) => {
    const user = await buildUser(db, { name: `Target ${role}` });
    await db.insert(memberships).values({ workspaceId, userId: user.id, role });
    return user.id;
  };
  const perActor = async (make: (actor: ActorName) => Promise<string>) => {
    const made = {} as PerActor;
    for (const actor of ACTORS) made[actor] = await make(actor);
    return made;
  };
  const targets = {
    viewerToCommenter: await perActor(() => member("viewer")),
    viewerToAdmin: await perActor(() => member("viewer")),
    adminToEditor: await perActor(() => member("admin")),
    editorToRemove: await perActor(() => member("editor")),
    adminToRemove: await perActor(() => member("admin")),
  };

  const withCoOwner = {} as Record<Role, string>;
  const soleOwner = {} as Record<Role, string>;
  for (const role of ROLES) {
    const beside = [{ actor: host.actor, role: "owner" as Role }, { actor: actors[role], role }];
    withCoOwner[role] = (await buildWorkspace(db, beside)).id;
    soleOwner[role] = (await buildWorkspace(db, role === "owner" ? [{ actor: actors.owner, role }] : beside)).id;
  }

  const invite = async (ctx: typeof owner, email: string, role: Role, toWorkspace = workspaceId) =>
    createInvitation(ctx, { workspaceId: toWorkspace, email, role });
  const pending = await invite(owner, `invitee-${tag}@example.com`, "editor");
  const revoked = await invite(owner, `withdrawn-${tag}@example.com`, "editor");
  await revokeInvitation(owner, { invitationId: revoked.invitation.id });
  const revocable = {
    editor: await perActor(async (actor) => (await invite(owner, `editor-${actor}-${tag}@example.com`, "editor")).invitation.id),
    admin: await perActor(async (actor) => (await invite(owner, `admin-${actor}-${tag}@example.com`, "admin")).invitation.id),
  };

  const reissuable = await perActor(async (actor) => (await invite(owner, `again-${actor}-${tag}@example.com`, "editor")).invitation.id);

  const guests = await createWorkspace(host, { name: `Guests ${tag}`, slug: `guests-${tag}` });
  const ownAddress = (actor: ActorName) => (isSignedIn(actor) ? actors[actor].email : `nobody-${tag}@example.com`);
  const own = await perActor(async (actor) => (await invite(host, ownAddress(actor), "viewer", guests.id)).token);
  const signUp = {} as PerActor<{ token: string; email: string }>;
  for (const actor of ACTORS) {
    const email = `newcomer-${actor}-${tag}@example.com`;
    signUp[actor] = { token: (await invite(host, email, "viewer", guests.id)).token, email };
  }
  return {
    ownerId: actors.owner.id,
    targets,
    leave: { withCoOwner, soleOwner },
    pendingToken: pending.token,
    revokedToken: revoked.token,
    revocable,
    reissuable,
    own,
    signUp,
  };
}

/** API tokens, read and write, for every signed-in actor in their own workspace. */
async function seedTokens(db: Db, actors: Record<SignedIn, Actor>, workspaces: { workspace: string; stranger: string }) {
  const tokens = {} as Record<SignedIn, Record<"read" | "write", string>>;
  for (const actor of ACTORS.filter(isSignedIn)) {
    const ctx = { db, actor: actors[actor] };
    const workspaceId = actor === "stranger" ? workspaces.stranger : workspaces.workspace;
    const make = async (scope: "read" | "write") => (await createApiToken(ctx, { workspaceId, name: `${actor} ${scope}`, scope })).token;
    tokens[actor] = { read: await make("read"), write: await make("write") };
  }
  return tokens;
}

async function uploadImage(baseUrl: string, cookie: string, documentId: string): Promise<string> {
  const form = new FormData();
  form.set("documentId", documentId);
  form.set("file", new Blob([Buffer.from(SAMPLE_IMAGES["image/png"])], { type: "image/png" }), "dot.png");
  const response = await fetch(`${baseUrl}/api/v1/files`, { method: "POST", headers: { cookie, origin: baseUrl }, body: form });
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

function isSignedIn(actor: ActorName): actor is SignedIn {
  return actor !== "anonymous";
}

/** Templates of A to use, edit and delete; seeded before the server starts. */
async function seedTemplates(db: Db, actors: Record<SignedIn, Actor>, workspaceId: string, otherWorkspaceId: string): Promise<TemplatesFixture> {
  const make = async (actor: Actor, name: string, inWorkspace = workspaceId) =>
    (await createTemplate({ db, actor }, { workspaceId: inWorkspace, name, description: "", body: { ops: [{ insert: "On {{date}} by {{author}}\n" }] } })).id;
  const deletable = {} as PerActor;
  for (const actor of ACTORS) deletable[actor] = await make(actors.owner, `To delete (${actor})`);
  return { byOwner: await make(actors.owner, "Owner's"), byEditor: await make(actors.editor, "Editor's"), inOther: await make(actors.stranger, "Theirs", otherWorkspaceId), deletable };
}

/** Webhooks of A to read, resend from and delete; seeded before the server starts. */
async function seedWebhooks(db: Db, owner: Actor, workspaceId: string): Promise<WebhooksFixture> {
  const ctx = { db, actor: owner };
  const make = async (name: string) =>
    (await createWebhook(ctx, { workspaceId, url: `http://127.0.0.1:9/${name}`, description: name, events: ["document.created"] }, { allowPrivate: true })).id;
  const id = await make("main");
  await enqueueWebhookEvent(ctx, { workspaceId, type: "document.created", subjectId: "seed", data: { documentId: "seed" } });
  const [delivery] = await db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, id));
  if (!delivery) throw new Error("no seeded delivery");
  return {
    id,
    deliveryId: delivery.id,
    deletable: {
      api: { admin: await make("api-admin"), owner: await make("api-owner") },
      action: { admin: await make("action-admin"), owner: await make("action-owner") },
    },
  };
}

/**
 * Comments on A's live document (docs/product.md "Comments"): a thread to reply to, resolve and
 * react on; per actor, a comment of their own to edit and one to delete (each alone in its thread,
 * so deleting takes only it), and someone else's to delete; one nobody present wrote, to edit.
 * Inserted as rows: a viewer's or a stranger's own comment (written before a demotion or a
 * removal) can't be made through the services.
 */
export interface CommentsFixture {
  /** An anchored thread, its first comment the owner's. */
  threadId: string;
  commentId: string;
  /** Another anchor for it, for reanchorCommentThreadAction. */
  anchor: EncodedAnchor;
  othersComment: string;
  own: { edit: PerActor; delete: PerActor };
  others: { delete: PerActor };
}

async function seedComments(db: Db, actors: Record<SignedIn, Actor>, workspaceId: string, documentId: string): Promise<CommentsFixture> {
  const body = { ops: [{ insert: "Seeded comment" }] };
  const make = async (authorId: string | null, anchor?: EncodedAnchor) => {
    const [thread] = await db
      .insert(commentThreads)
      .values({ workspaceId, documentId, createdBy: authorId, anchorStart: anchor?.start ?? null, anchorEnd: anchor?.end ?? null, quote: anchor ? "Seeded" : "" })
      .returning({ id: commentThreads.id });
    if (!thread) throw new Error("no seeded thread");
    const [comment] = await db.insert(comments).values({ threadId: thread.id, authorId, body }).returning({ id: comments.id });
    if (!comment) throw new Error("no seeded comment");
    return { threadId: thread.id, commentId: comment.id };
  };
  const authorOf = (actor: ActorName) => (actor === "anonymous" ? null : actors[actor].id);
  const perActor = async (author: (actor: ActorName) => string | null) => {
    const made = {} as PerActor;
    for (const actor of ACTORS) made[actor] = (await make(author(actor))).commentId;
    return made;
  };
  // On a range of text, so that moving its anchor (reanchorCommentThreadAction) is a real change.
  const words = new Y.Doc().getText("body");
  words.insert(0, "Seeded words");
  const main = await make(actors.owner.id, encodeAnchor(words, { index: 0, length: 6 }));
  return {
    ...main,
    anchor: encodeAnchor(words, { index: 7, length: 5 }),
    othersComment: (await make(null)).commentId,
    own: { edit: await perActor(authorOf), delete: await perActor(authorOf) },
    others: { delete: await perActor(() => null) },
  };
}
