import { eq } from "drizzle-orm";
import * as Y from "yjs";
import { describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { expectAppError } from "@test/app-errors";
import { withTestDatabase } from "@test/test-database-hooks";
import { auditEvents, commentThreads, memberships, webhookDeliveries, webhooks } from "@/server/db/schema";
import { presentCommentThreads } from "@/server/presenters/present-comment-threads";
import type { Role } from "@/shared/roles";
import { createCommentThread } from "./create-comment-thread";
import { deleteComment } from "./delete-comment";
import { editComment } from "./edit-comment";
import { listCommentThreads } from "./list-comment-threads";
import { reanchorCommentThread } from "./reanchor-comment-thread";
import { replyToThread } from "./reply-to-thread";
import { setThreadResolved } from "./set-thread-resolved";
import { toggleCommentReaction } from "./toggle-comment-reaction";

const database = withTestDatabase();
const text = (insert: string) => ({ ops: [{ insert }] });

/** An anchor as the editor makes it: relative positions in a Y.Text named body. */
function anchorOver(words: string, from: number, to: number) {
  const doc = new Y.Doc();
  const body = doc.getText("body");
  body.insert(0, words);
  const encode = (index: number, assoc: number) => Buffer.from(Y.encodeRelativePosition(Y.createRelativePositionFromTypeIndex(body, index, assoc))).toString("base64");
  return { start: encode(from, 0), end: encode(to, -1) };
}

async function setup() {
  const roles: Role[] = ["viewer", "commenter", "editor", "admin", "owner"];
  const people = await Promise.all(roles.map((role) => buildUser(database.db, { name: role })));
  const workspace = await buildWorkspace(database.db, people.map((actor, i) => ({ actor, role: roles[i] as Role })));
  const doc = await buildDocument(database.db, workspace.id, { title: "Plan" });
  const [viewer, commenter, editor, admin, owner] = people.map((p) => contextFor(database.db, p));
  if (!viewer || !commenter || !editor || !admin || !owner) throw new Error("setup");
  return { workspace, doc, viewer, commenter, editor, admin, owner };
}

describe("comments", () => {
  it("opens a thread on a range, replies, reacts, resolves, and lists it for a viewer", async () => {
    const { doc, viewer, commenter, editor } = await setup();
    const anchor = anchorOver("hello world", 6, 11);
    const { thread } = await createCommentThread(commenter, { documentId: doc.id, anchor, quote: "world", body: { ops: [{ insert: "Is this " }, { insert: "right", attributes: { bold: true } }, { insert: "?" }] } });
    await replyToThread(editor, { threadId: thread.id, body: text("Yes.") });
    const list = await listCommentThreads(viewer, doc.id);
    const [first, reply] = list.comments;
    if (!first || !reply) throw new Error("two comments expected");
    expect(await toggleCommentReaction(editor, { commentId: first.id, emoji: "👍" })).toEqual({ reacted: true });
    await toggleCommentReaction(commenter, { commentId: first.id, emoji: "👍" });
    await toggleCommentReaction(commenter, { commentId: reply.id, emoji: "🎉" });
    expect(await toggleCommentReaction(commenter, { commentId: reply.id, emoji: "🎉" })).toEqual({ reacted: false });
    await setThreadResolved(commenter, { threadId: thread.id, resolved: true });

    const dto = presentCommentThreads(await listCommentThreads(viewer, doc.id), viewer.actor.id);
    expect(dto.canComment).toBe(false);
    expect(dto.threads).toHaveLength(1);
    expect(dto.threads[0]).toMatchObject({ anchor, quote: "world", resolvedBy: { name: "commenter" } });
    expect(dto.threads[0]?.comments.map((c) => [c.author.name, c.body.ops.map((o) => o.insert).join(""), c.reactions, c.canEdit, c.canDelete])).toEqual([
      ["commenter", "Is this right?", [{ emoji: "👍", count: 2, mine: false }], false, false],
      ["editor", "Yes.", [], false, false],
    ]);

    await setThreadResolved(editor, { threadId: thread.id, resolved: false });
    const [row] = await database.db.select().from(commentThreads).where(eq(commentThreads.id, thread.id));
    expect(row?.resolvedAt).toBeNull();
  });

  it("moves a thread onto its words again for editors and up, never a thread on the whole document", async () => {
    const { doc, commenter, editor } = await setup();
    const { thread } = await createCommentThread(commenter, { documentId: doc.id, anchor: anchorOver("hello world", 6, 11), quote: "world", body: text("Hm") });
    const moved = anchorOver("oh hello world", 9, 14);
    await expectAppError(reanchorCommentThread(commenter, { threadId: thread.id, anchor: moved }), "forbidden");
    await reanchorCommentThread(editor, { threadId: thread.id, anchor: moved });
    const [row] = await database.db.select().from(commentThreads).where(eq(commentThreads.id, thread.id));
    expect(row).toMatchObject({ anchorStart: moved.start, anchorEnd: moved.end, quote: "world" });
    const whole = await createCommentThread(commenter, { documentId: doc.id, body: text("On all of it") });
    await expectAppError(reanchorCommentThread(editor, { threadId: whole.thread.id, anchor: moved }), "validation_failed");
    const stranger = contextFor(database.db, await buildUser(database.db));
    await expectAppError(reanchorCommentThread(stranger, { threadId: thread.id, anchor: moved }), "not_found");
  });

  it("lets commenters and up comment, not viewers; strangers get not_found", async () => {
    const { doc, viewer } = await setup();
    await expectAppError(createCommentThread(viewer, { documentId: doc.id, body: text("hi") }), "forbidden");
    const stranger = contextFor(database.db, await buildUser(database.db));
    await expectAppError(listCommentThreads(stranger, doc.id), "not_found");
    await expectAppError(createCommentThread(stranger, { documentId: doc.id, body: text("hi") }), "not_found");
  });

  it("lets only the author edit, and the author or an admin delete (audited)", async () => {
    const { workspace, doc, commenter, editor, admin, owner } = await setup();
    const { thread, commentId } = await createCommentThread(commenter, { documentId: doc.id, body: text("first") });
    await expectAppError(editComment(editor, { commentId, body: text("hijack") }), "forbidden");
    await expectAppError(editComment(owner, { commentId, body: text("hijack") }), "forbidden");
    const edited = await editComment(commenter, { commentId, body: text("first, edited") });
    expect(edited?.editedAt).toBeInstanceOf(Date);
    await expectAppError(deleteComment(editor, { commentId }), "forbidden");

    const reply = await replyToThread(editor, { threadId: thread.id, body: text("reply") });
    // The opening comment with a reply left: "Comment deleted", the reply stays.
    expect(await deleteComment(admin, { commentId })).toEqual({ deleted: "tombstone" });
    const [audit] = await database.db.select().from(auditEvents).where(eq(auditEvents.workspaceId, workspace.id));
    expect(audit).toMatchObject({ kind: "comment.deleted", actorId: admin.actor.id, targetId: doc.id });
    const dto = presentCommentThreads(await listCommentThreads(editor, doc.id), editor.actor.id);
    expect(dto.threads[0]?.comments.map((c) => c.isDeleted)).toEqual([true, false]);
    // The last live comment takes the thread with it.
    expect(await deleteComment(editor, { commentId: reply.id })).toEqual({ deleted: "thread" });
    expect(await database.db.select().from(commentThreads).where(eq(commentThreads.id, thread.id))).toEqual([]);
  });

  it("keeps a removed member's comments, attributed, and stops them commenting", async () => {
    const { doc, commenter, editor } = await setup();
    const { commentId } = await createCommentThread(commenter, { documentId: doc.id, body: text("mine") });
    await database.db.delete(memberships).where(eq(memberships.userId, commenter.actor.id));
    const dto = presentCommentThreads(await listCommentThreads(editor, doc.id), editor.actor.id);
    expect(dto.threads[0]?.comments[0]?.author).toMatchObject({ id: commenter.actor.id, name: "commenter" });
    await expectAppError(editComment(commenter, { commentId, body: text("x") }), "not_found");
  });

  it("sanitises bodies by the document rules, with a length limit and clear errors", async () => {
    const { doc, commenter } = await setup();
    const { commentId } = await createCommentThread(commenter, {
      documentId: doc.id,
      body: {
        ops: [
          { insert: "  x", attributes: { link: "javascript:alert(1)", bold: true, color: "#f00", header: 1 } },
          { insert: " y\u0000", attributes: { italic: true, code: true, underline: true } },
          { insert: "\n\n" },
        ],
      },
    });
    const dto = presentCommentThreads(await listCommentThreads(commenter, doc.id), commenter.actor.id);
    expect(dto.threads[0]?.comments.find((c) => c.id === commentId)?.body).toEqual({
      ops: [
        { insert: "x", attributes: { bold: true, link: "about:blank" } },
        { insert: " y", attributes: { italic: true, code: true } },
      ],
    });
    const empty = await expectAppError(createCommentThread(commenter, { documentId: doc.id, body: text("  \n ") }), "validation_failed");
    expect(empty.fields).toEqual({ body: "Write something first." });
    const long = await expectAppError(createCommentThread(commenter, { documentId: doc.id, body: text("a".repeat(5001)) }), "validation_failed");
    expect(long.fields?.body).toBe("Comments are at most 5,000 characters (this one has 5,001).");
    const badAnchor = await expectAppError(createCommentThread(commenter, { documentId: doc.id, anchor: { start: "AAAA", end: "////" }, body: text("x") }), "validation_failed");
    expect(badAnchor.fields).toEqual({ anchor: "This is not a position in the document." });
  });

  it("keeps well-formed mentions in a body (a removed member's too) and drops malformed ones", async () => {
    const { doc, commenter, editor } = await setup();
    const { commentId } = await createCommentThread(commenter, {
      documentId: doc.id,
      body: {
        ops: [
          { insert: { mention: { id: editor.actor.id, name: "editor" } }, attributes: { bold: true } },
          { insert: " and " },
          { insert: { mention: { id: "removed_user", name: "Gone" } } },
          { insert: { mention: { id: "<script>", name: "x" } } },
          { insert: { image: "https://x.test/a.png" } },
        ],
      } as never, // the schema takes text and mentions; the service meets anything
    });
    const dto = presentCommentThreads(await listCommentThreads(commenter, doc.id), commenter.actor.id);
    expect(dto.threads[0]?.comments.find((c) => c.id === commentId)?.body).toEqual({
      ops: [{ insert: { mention: { id: editor.actor.id, name: "editor" } } }, { insert: " and " }, { insert: { mention: { id: "removed_user", name: "Gone" } } }],
    });
    // A body of only a mention is not empty.
    await createCommentThread(commenter, { documentId: doc.id, body: { ops: [{ insert: { mention: { id: editor.actor.id, name: "editor" } } }] } });
  });

  it("queues comment.created for subscribed webhooks, with ids and no text", async () => {
    const { workspace, doc, commenter, owner } = await setup();
    await database.db.insert(webhooks).values({ workspaceId: workspace.id, url: "https://hooks.example.com/q", events: ["comment.created"], secret: "s", createdBy: owner.actor.id });
    const { thread } = await createCommentThread(commenter, { documentId: doc.id, body: text("secret words") });
    await replyToThread(owner, { threadId: thread.id, body: text("more") });
    const deliveries = await database.db.select().from(webhookDeliveries);
    expect(deliveries.map((d) => d.eventType)).toEqual(["comment.created", "comment.created"]);
    expect(JSON.stringify(deliveries.map((d) => d.payload))).not.toContain("secret words");
    expect(deliveries[1]?.payload).toMatchObject({ type: "comment.created", data: { documentId: doc.id, threadId: thread.id, isReply: true } });
  });

  it("refuses comments on a trashed document's threads as not found", async () => {
    const { workspace, commenter } = await setup();
    const trashed = await buildDocument(database.db, workspace.id, { deletedAt: new Date() });
    await expectAppError(createCommentThread(commenter, { documentId: trashed.id, body: text("x") }), "not_found");
  });
});
