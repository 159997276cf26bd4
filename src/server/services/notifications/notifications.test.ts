import { and, eq } from "drizzle-orm";
import * as Y from "yjs";
import type { onLoadDocumentPayload, onStoreDocumentPayload } from "@hocuspocus/server";
import { describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { expectAppError } from "@test/app-errors";
import { withTestDatabase } from "@test/test-database-hooks";
import { PersistenceExtension } from "@/server/collab/persistence-extension";
import type { ServiceContext } from "@/server/context";
import { memberships, notifications } from "@/server/db/schema";
import { presentNotification } from "@/server/presenters/present-notification";
import { createCommentThread } from "@/server/services/comments/create-comment-thread";
import { editComment } from "@/server/services/comments/edit-comment";
import { replyToThread } from "@/server/services/comments/reply-to-thread";
import { loadDocumentForEditor } from "@/server/services/documents/load-document-for-editor";
import { createInvitation } from "@/server/services/invitations/create-invitation";
import { changeMemberRole } from "@/server/services/members/change-member-role";
import { BODY_YTEXT } from "@/shared/editor-rules";
import { collabDocumentName } from "@/shared/protocol/document-name";
import type { Role } from "@/shared/roles";
import type { CreateCommentThreadInput } from "@/shared/schemas/comment";
import { countUnreadNotifications } from "./count-unread-notifications";
import { listNotifications } from "./list-notifications";
import { markNotificationsRead } from "./mark-notifications-read";
import { setDocumentFollow } from "./set-document-follow";
import { listenForNotifications } from "./internal/notification-hub";

const database = withTestDatabase();
const text = (insert: string) => ({ ops: [{ insert }] });
/** What the document's page shows in its menu ("Follow" checked or not). */
const isFollowed = async (ctx: ServiceContext, documentId: string) => (await loadDocumentForEditor(ctx, documentId)).isFollowing;
/**
 * A comment body that mentions people, as the editor's mention blot stores it (shared/mentions.ts).
 * The comment input schema takes text ops only until the mention blot lands (branch `mentions`).
 */
const mentioning = (...people: Array<{ id: string; name: string }>) =>
  ({
    ops: [{ insert: "Look " }, ...people.map((p) => ({ insert: { mention: { id: p.id, name: p.name } } })), { insert: " please" }],
  }) as unknown as CreateCommentThreadInput["body"];

async function setup() {
  const roles: Role[] = ["owner", "commenter", "commenter", "viewer", "editor"];
  const names = ["olive", "ada", "bob", "vic", "eve"];
  const people = await Promise.all(names.map((name) => buildUser(database.db, { name })));
  const workspace = await buildWorkspace(database.db, people.map((actor, i) => ({ actor, role: roles[i] as Role })), { name: "Acme" });
  const [olive, ada, bob, vic, eve] = people;
  if (!olive || !ada || !bob || !vic || !eve) throw new Error("setup");
  const doc = await buildDocument(database.db, workspace.id, { title: "Plan", createdBy: olive.id });
  const ctx = (actor: typeof olive) => contextFor(database.db, actor);
  return { workspace, doc, olive, ada, bob, vic, eve, ctx };
}

async function kindsFor(userId: string) {
  const rows = await database.db.select({ kind: notifications.kind, commentId: notifications.commentId }).from(notifications).where(eq(notifications.userId, userId));
  return rows.map((row) => row.kind).sort();
}

describe("notifications of comments", () => {
  it("tells the creator of a new thread, a thread's people of replies, the mentioned once, never the actor", async () => {
    const { doc, olive, ada, bob, vic, eve, ctx } = await setup();
    const nudged: string[] = [];
    const stop = listenForNotifications(ada.id, () => nudged.push("ada"));
    // Ada opens a thread: Olive created the document (follows it); Ada herself hears nothing.
    const { thread } = await createCommentThread(ctx(ada), { documentId: doc.id, body: text("Is this right?") });
    expect(await kindsFor(olive.id)).toEqual(["thread"]);
    expect(await kindsFor(ada.id)).toEqual([]);
    // Bob replies and mentions Ada and the viewer Vic: Ada gets one notification (the mention, not also
    // the reply), Vic the mention (viewers can read), Olive nothing (not in the thread).
    await replyToThread(ctx(bob), { threadId: thread.id, body: mentioning(ada, vic, bob) });
    expect(await kindsFor(ada.id)).toEqual(["mention"]);
    expect(await kindsFor(vic.id)).toEqual(["mention"]);
    expect(await kindsFor(olive.id)).toEqual(["thread"]);
    expect(await kindsFor(bob.id)).toEqual([]); // mentioning yourself is no news
    expect(nudged).toEqual(["ada"]);
    stop();
    // Ada replies: Bob took part (reply); Vic, only mentioned, did not.
    await replyToThread(ctx(ada), { threadId: thread.id, body: text("Done.") });
    expect(await kindsFor(bob.id)).toEqual(["reply"]);
    expect(await kindsFor(vic.id)).toEqual(["mention"]);
    // Eve is mentioned by an edit: one notification, and editing again adds none.
    const [reply] = await database.db.select({ id: notifications.commentId }).from(notifications).where(eq(notifications.userId, bob.id));
    expect(await kindsFor(eve.id)).toEqual([]);
    await editComment(ctx(ada), { commentId: reply?.id ?? "", body: mentioning(eve) });
    await editComment(ctx(ada), { commentId: reply?.id ?? "", body: mentioning(eve, bob) });
    expect(await kindsFor(eve.id)).toEqual(["mention"]);
    expect(await kindsFor(bob.id)).toEqual(["reply"]); // already told about this comment

    const [item] = (await listNotifications(ctx(ada))).map(presentNotification);
    expect(item).toMatchObject({ kind: "mention", text: "bob mentioned you in a comment on Plan", read: false });
    // It leads to the comment itself (shared/comments/comment-link.ts), which opens in the panel.
    const [mention] = await database.db.select({ commentId: notifications.commentId }).from(notifications).where(eq(notifications.userId, ada.id));
    expect(item?.href).toMatch(new RegExp(`^/w/acme-[0-9a-f]+/d/plan-${doc.id}#comment-${mention?.commentId}$`));
  });

  it("mentions only members who can read the document", async () => {
    const { doc, ada, ctx } = await setup();
    const stranger = await buildUser(database.db, { name: "stranger" });
    await buildWorkspace(database.db, [{ actor: stranger, role: "owner" }]);
    await createCommentThread(ctx(ada), { documentId: doc.id, body: mentioning(stranger, { id: "no-such-user", name: "ghost" }) });
    expect(await kindsFor(stranger.id)).toEqual([]);
  });

  it("follows: commenters follow, unfollowing stops new-thread notifications and sticks", async () => {
    const { doc, olive, ada, bob, ctx } = await setup();
    expect(await isFollowed(ctx(olive), doc.id)).toBe(true); // the creator
    expect(await isFollowed(ctx(ada), doc.id)).toBe(false);
    await createCommentThread(ctx(ada), { documentId: doc.id, body: text("First") });
    expect(await isFollowed(ctx(ada), doc.id)).toBe(true); // commented
    await setDocumentFollow(ctx(olive), { documentId: doc.id, following: false });
    await setDocumentFollow(ctx(ada), { documentId: doc.id, following: false });
    await createCommentThread(ctx(ada), { documentId: doc.id, body: text("Second, by someone who unfollowed") });
    expect(await isFollowed(ctx(ada), doc.id)).toBe(false); // commenting again doesn't undo it
    await createCommentThread(ctx(bob), { documentId: doc.id, body: text("Third") });
    expect(await kindsFor(olive.id)).toEqual(["thread"]); // only the first
    expect(await kindsFor(ada.id)).toEqual([]);
    const outsider = await buildUser(database.db);
    await buildWorkspace(database.db, [{ actor: outsider, role: "owner" }]);
    await expectAppError(setDocumentFollow(contextFor(database.db, outsider), { documentId: doc.id, following: true }), "not_found");
  });
});

describe("the inbox", () => {
  it("counts unread, marks one and all read, and hides what the reader can no longer see", async () => {
    const { workspace, doc, olive, ada, bob, ctx } = await setup();
    const { thread } = await createCommentThread(ctx(ada), { documentId: doc.id, body: text("One") });
    await replyToThread(ctx(bob), { threadId: thread.id, body: text("Two") });
    await replyToThread(ctx(olive), { threadId: thread.id, body: text("Three") });
    expect(await countUnreadNotifications(ctx(ada))).toBe(2);
    const [newest] = await listNotifications(ctx(ada));
    // Someone else's ids are ignored.
    expect(await markNotificationsRead(ctx(bob), { ids: [newest?.id ?? ""] })).toBe(0);
    expect(await markNotificationsRead(ctx(ada), { ids: [newest?.id ?? ""] })).toBe(1);
    expect(await countUnreadNotifications(ctx(ada))).toBe(1);
    expect(await markNotificationsRead(ctx(ada), { all: true })).toBe(1);
    expect(await countUnreadNotifications(ctx(ada))).toBe(0);
    expect((await listNotifications(ctx(ada))).map((n) => n.readAt !== null)).toEqual([true, true]);
    await expectAppError(markNotificationsRead(ctx(ada), {}), "validation_failed");

    // Bob leaves the workspace: his notification of that document is no longer shown or counted.
    expect(await countUnreadNotifications(ctx(bob))).toBe(1);
    await database.db.delete(memberships).where(and(eq(memberships.workspaceId, workspace.id), eq(memberships.userId, bob.id)));
    expect(await countUnreadNotifications(ctx(bob))).toBe(0);
    expect(await listNotifications(ctx(bob))).toEqual([]);
  });

  it("tells an existing account it was invited, and a member their new role", async () => {
    const { workspace, olive, ada, ctx } = await setup();
    // Confirmed: only an account that proved its address is handed the link in the app.
    const invitee = await buildUser(database.db, { name: "ivy", email: "ivy@example.com", emailVerified: true });
    await buildWorkspace(database.db, [{ actor: invitee, role: "owner" }], { name: "Ivy's" });
    const { token } = await createInvitation(ctx(olive), { workspaceId: workspace.id, email: "IVY@example.com", role: "editor" });
    await createInvitation(ctx(olive), { workspaceId: workspace.id, email: "nobody-yet@example.com", role: "editor" });
    const [invitation] = (await listNotifications(contextFor(database.db, invitee))).map(presentNotification);
    expect(invitation).toMatchObject({ kind: "invitation", text: "olive invited you to join Acme as an editor", href: `/invite/${token}` });
    await changeMemberRole(ctx(olive), { workspaceId: workspace.id, userId: ada.id, role: "editor" });
    const [role] = (await listNotifications(ctx(ada))).map(presentNotification);
    expect(role).toMatchObject({ kind: "role", text: "olive made you an editor of Acme", href: `/w/${workspace.slug}` });
  });
});

describe("mentions in document bodies", () => {
  it("notify people newly mentioned compared with the stored body, once until read", async () => {
    const { doc, olive, ada, bob, ctx } = await setup();
    const persistence = new PersistenceExtension(async () => database.db);
    const documentName = collabDocumentName(doc.id);
    const document = new Y.Doc();
    await persistence.onLoadDocument({ documentName, document } as unknown as onLoadDocumentPayload);
    const store = (actor: { id: string }) => persistence.onStoreDocument({ documentName, document, lastContext: { actor } } as unknown as onStoreDocumentPayload);
    const body = document.getText(BODY_YTEXT);
    body.insert(0, "Hello ");
    body.insertEmbed(6, { mention: { id: ada.id, name: "ada" } });
    body.insertEmbed(7, { mention: { id: olive.id, name: "olive" } }); // herself: no news
    await store(olive);
    expect(await kindsFor(ada.id)).toEqual(["mention"]);
    expect(await kindsFor(olive.id)).toEqual([]);
    // Typing on: Ada is still mentioned, not newly. Bob is new.
    body.insert(0, "Well, ");
    body.insertEmbed(0, { mention: { id: bob.id, name: "bob" } });
    await store(olive);
    expect(await kindsFor(ada.id)).toEqual(["mention"]);
    expect(await kindsFor(bob.id)).toEqual(["mention"]);
    // Ada's mention removed and typed again while her notification is unread: still one.
    body.delete(body.toString().indexOf("Hello ") + 6, 1);
    await store(olive);
    body.insertEmbed(0, { mention: { id: ada.id, name: "ada" } });
    await store(olive);
    expect(await kindsFor(ada.id)).toEqual(["mention"]);
    const [item] = (await listNotifications(ctx(ada))).map(presentNotification);
    expect(item?.text).toBe("olive mentioned you in Plan");
  });
});
