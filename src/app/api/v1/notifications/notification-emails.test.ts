import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink } from "@test/smtp-sink";
import type { SmtpSink } from "@test/smtp-sink";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { withTestDatabase } from "@test/test-database-hooks";
import { withRouteSingletons } from "@test/route-singletons";
import { notificationEmailOptOuts, notifications } from "@/server/db/schema";
import { createSmtpMailer } from "@/server/mail/mailer";
import { createCommentThread } from "@/server/services/comments/create-comment-thread";
import { replyToThread } from "@/server/services/comments/reply-to-thread";
import { listEmailedKinds, setEmailPreferences } from "@/server/services/notifications/email-preferences";
import { NotificationEmailWorker } from "@/server/services/notifications/internal/email-worker";
import { readUnsubscribeToken, unsubscribeToken } from "@/server/services/notifications/internal/unsubscribe-token";
import { markNotificationsRead } from "@/server/services/notifications/mark-notifications-read";
import { POST } from "./unsubscribe/route";

// The route checks tokens with the auth secret from the environment (read once per test file).
const SECRET = "notification-emails-test-secret-0123456789";
process.env.AUTH_SECRET = SECRET;
const ORIGIN = "http://docs.example.com";
const database = withTestDatabase();
withRouteSingletons(database);
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
});

const minutes = (start: Date, n: number) => new Date(start.getTime() + n * 60_000);

async function setup() {
  const ada = await buildUser(database.db, { name: "Ada", email: `ada-${crypto.randomUUID().slice(0, 6)}@example.com` });
  const bob = await buildUser(database.db, { name: "Bob" });
  const workspace = await buildWorkspace(database.db, [{ actor: ada, role: "owner" }, { actor: bob, role: "commenter" }]);
  const doc = await buildDocument(database.db, workspace.id, { title: "Plan", createdBy: ada.id });
  return { ada, bob, doc, ctx: (actor: typeof ada) => contextFor(database.db, actor) };
}

describe("notification emails", () => {
  it("sends what stays unread 10 minutes as one message per person, once, with working unsubscribe links", async () => {
    const { ada, bob, doc, ctx } = await setup();
    const { thread } = await createCommentThread(ctx(bob), { documentId: doc.id, body: { ops: [{ insert: "A thread" }] } });
    await replyToThread(ctx(ada), { threadId: thread.id, body: { ops: [{ insert: "Ada takes part" }] } });
    await replyToThread(ctx(bob), { threadId: thread.id, body: { ops: [{ insert: "Bob answers" }] } });
    const rows = await database.db.select().from(notifications).where(eq(notifications.userId, ada.id));
    expect(rows.map((row) => row.kind).sort()).toEqual(["reply", "thread"]);
    const t0 = new Date(Math.max(...rows.map((row) => row.createdAt.getTime())));

    let now = minutes(t0, 5);
    const worker = new NotificationEmailWorker(async () => database.db, { mailer: createSmtpMailer(sink.url, "Quire <quire@example.com>"), origin: ORIGIN, now: () => now, secret: SECRET });
    expect(await worker.runOnce()).toBe(0); // not 10 minutes yet
    now = minutes(t0, 11);
    expect(await worker.runOnce()).toBe(2); // Ada's, and Bob's (Ada replied in his thread)
    expect(await worker.runOnce()).toBe(0); // once
    const mails = sink.mailsTo(ada.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0] ?? "";
    expect(mail).toMatch(/Subject: 2 new notifications on Quire/);
    expect(mail).toContain("Bob started a thread on Plan");
    expect(mail).toContain("Bob replied in a thread on Plan");
    expect(mail).toContain(`${ORIGIN}/w/`);
    expect(mail).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const oneClick = /List-Unsubscribe:\s+<([^>]+)>/.exec(mail)?.[1] ?? "";
    expect(oneClick).toMatch(new RegExp(`^${ORIGIN}/api/v1/notifications/unsubscribe\\?token=`));
    // Bob's has only Ada's reply: never his own doings.
    expect(sink.mailsTo(bob.email)).toHaveLength(1);
    expect(sink.mailsTo(bob.email)[0]).toMatch(/Subject: Ada replied in a thread on Plan/);

    // The header's one-click POST works without a session and turns off the kinds the message held.
    const url = new URL(oneClick);
    const response = await POST(
      new NextRequest(`http://localhost:3000${url.pathname}${url.search}`, { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } }),
      { params: Promise.resolve({}) },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ unsubscribed: ["thread", "reply"] });
    expect(await listEmailedKinds(ctx(ada))).toEqual(["mention", "invitation", "role"]);

    // Turned off, a new reply is not emailed, but it is still in the inbox.
    await replyToThread(ctx(bob), { threadId: thread.id, body: { ops: [{ insert: "Again" }] } });
    now = minutes(new Date(), 11);
    expect(await worker.runOnce()).toBe(0);
    expect(sink.mailsTo(ada.email)).toHaveLength(1);
  });

  it("leaves out what was read in the app, and signs links per person and kind", async () => {
    const { ada, bob, doc, ctx } = await setup();
    await setEmailPreferences(ctx(ada), { emailed: ["mention", "thread"] });
    const { thread } = await createCommentThread(ctx(bob), { documentId: doc.id, body: { ops: [{ insert: "Read me" }] } });
    await markNotificationsRead(ctx(ada), { all: true });
    void thread;
    const worker = new NotificationEmailWorker(async () => database.db, { mailer: createSmtpMailer(sink.url, "Quire <quire@example.com>"), origin: ORIGIN, now: () => minutes(new Date(), 11), secret: SECRET });
    expect(await worker.runOnce()).toBe(0);
    expect(sink.mailsTo(ada.email)).toHaveLength(0);

    const token = unsubscribeToken(ada.id, ["mention"], SECRET);
    expect(readUnsubscribeToken(token, SECRET)).toEqual({ userId: ada.id, kinds: ["mention"] });
    expect(readUnsubscribeToken(token.replace("mention.", "role."), SECRET)).toBeNull(); // another kind
    expect(readUnsubscribeToken(token.replace(ada.id, bob.id), SECRET)).toBeNull(); // another person
    expect(readUnsubscribeToken(token, "another-secret-another-secret-another")).toBeNull();
    const forged = await POST(new NextRequest(`http://localhost:3000/api/v1/notifications/unsubscribe?token=${token.replace("mention.", "role.")}`, { method: "POST" }), { params: Promise.resolve({}) });
    expect(forged.status).toBe(404);
    expect(await database.db.select().from(notificationEmailOptOuts).where(eq(notificationEmailOptOuts.userId, ada.id))).toHaveLength(3); // reply, invitation, role
  });
});
