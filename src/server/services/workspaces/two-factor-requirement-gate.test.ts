import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appErrorOf, expectAppError } from "@test/app-errors";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { withTestDatabase } from "@test/test-database-hooks";
import type { Actor } from "@/server/context";
import { memberships, notifications, users, workspaces } from "@/server/db/schema";
import { TWO_FACTOR_REQUIRED_MESSAGE } from "@/server/errors";
import { createCommentThread } from "@/server/services/comments/create-comment-thread";
import { replyToThread } from "@/server/services/comments/reply-to-thread";
import { createDocument } from "@/server/services/documents/create-document";
import { findDocumentForMember } from "@/server/services/documents/find-document-for-member";
import { listDocumentTree } from "@/server/services/documents/list-document-tree";
import { renameDocument } from "@/server/services/documents/rename-document";
import { changeMemberRole } from "@/server/services/members/change-member-role";
import { leaveWorkspace } from "@/server/services/members/leave-workspace";
import { countUnreadNotifications } from "@/server/services/notifications/count-unread-notifications";
import { listNotifications } from "@/server/services/notifications/list-notifications";
import { listTemplates } from "@/server/services/templates/list-templates";
import { findWorkspaceForMember } from "./find-workspace-for-member";
import { listMembers } from "./list-members";
import { listWorkspacesForUser } from "./list-workspaces-for-user";

// docs/product.md "Account security": in a workspace that requires two-factor, a member without it
// is refused every use case (what server actions and the API call) with what to do, not a 404.
const database = withTestDatabase();

async function setup(options: { required: boolean }) {
  const owner = await buildUser(database.db, { name: "Owner", twoFactorEnabled: true });
  const member = await buildUser(database.db, { name: "Member" });
  const workspace = await buildWorkspace(database.db, [
    { actor: owner, role: "owner" },
    { actor: member, role: "editor" },
  ]);
  const doc = await buildDocument(database.db, workspace.id, { title: "Plan" });
  // A comment thread and a notification for the member, made while the workspace did not require it.
  const thread = await createCommentThread(contextFor(database.db, owner), { documentId: doc.id, body: { ops: [{ insert: "Look\n" }] } });
  await database.db.insert(notifications).values({ userId: member.id, workspaceId: workspace.id, kind: "reply", actorId: owner.id, documentId: doc.id });
  if (options.required) await database.db.update(workspaces).set({ requireTwoFactor: true }).where(eq(workspaces.id, workspace.id));
  return { owner, member, workspace, doc, thread };
}

async function expectTwoFactorRequired(promise: Promise<unknown>) {
  const error = await appErrorOf(promise);
  expect([error.code, error.status, error.message]).toEqual(["forbidden", 403, TWO_FACTOR_REQUIRED_MESSAGE]);
}

/** What a use case meets once the member turns two-factor on: the user's row, and the session that says so. */
async function enrol(actor: Actor): Promise<Actor> {
  await database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, actor.id));
  return { ...actor, twoFactorEnabled: true };
}

describe("a workspace that requires two-factor, for a member without it", () => {
  it("refuses reads and changes with the message, whatever the use case", async () => {
    const { member, workspace, doc, thread } = await setup({ required: true });
    const ctx = contextFor(database.db, member);
    await expectTwoFactorRequired(findWorkspaceForMember(ctx, { slug: workspace.slug }));
    await expectTwoFactorRequired(listDocumentTree(ctx, workspace.id));
    await expectTwoFactorRequired(findDocumentForMember(ctx, doc.id));
    await expectTwoFactorRequired(renameDocument(ctx, { documentId: doc.id, title: "Mine now" }));
    await expectTwoFactorRequired(createDocument(ctx, { workspaceId: workspace.id, title: "New" }));
    await expectTwoFactorRequired(replyToThread(ctx, { threadId: thread.thread.id, body: { ops: [{ insert: "Me too\n" }] } }));
    await expectTwoFactorRequired(listMembers(ctx, workspace.id));
    await expectTwoFactorRequired(listTemplates(ctx, { id: workspace.id }));
    await expectTwoFactorRequired(changeMemberRole(ctx, { workspaceId: workspace.id, userId: member.id, role: "viewer" }));
    await expectTwoFactorRequired(leaveWorkspace(ctx, { workspaceId: workspace.id }));
  });

  it("still lists the workspace (so they can find it and be told), but none of its notifications", async () => {
    const { member, workspace } = await setup({ required: true });
    const ctx = contextFor(database.db, member);
    expect((await listWorkspacesForUser(ctx)).map((w) => [w.slug, w.role])).toEqual([[workspace.slug, "editor"]]);
    expect(await listNotifications(ctx)).toEqual([]);
    expect(await countUnreadNotifications(ctx)).toBe(0);
  });

  it("lets them in once they turn two-factor on", async () => {
    const { member, workspace, doc } = await setup({ required: true });
    const ctx = contextFor(database.db, await enrol(member));
    expect((await findWorkspaceForMember(ctx, { slug: workspace.slug })).role).toBe("editor");
    expect((await renameDocument(ctx, { documentId: doc.id, title: "Renamed" })).title).toBe("Renamed");
    expect(await listNotifications(ctx)).toHaveLength(1);
    expect(await countUnreadNotifications(ctx)).toBe(1);
  });

  it("lets a member whose account has no password (single sign-on made it) act as usual", async () => {
    const { owner, workspace, doc } = await setup({ required: true });
    const sso = await buildUser(database.db, { name: "Signs in through SSO", passwordless: true });
    await database.db.insert(memberships).values({ workspaceId: workspace.id, userId: sso.id, role: "editor" });
    await database.db.insert(notifications).values({ userId: sso.id, workspaceId: workspace.id, kind: "reply", actorId: owner.id, documentId: doc.id });
    const ctx = contextFor(database.db, sso);
    expect((await findWorkspaceForMember(ctx, { slug: workspace.slug })).role).toBe("editor");
    expect((await renameDocument(ctx, { documentId: doc.id, title: "Renamed" })).title).toBe("Renamed");
    expect(await listNotifications(ctx)).toHaveLength(1);
    expect(await countUnreadNotifications(ctx)).toBe(1);
  });

  it("lets members who have it act as usual", async () => {
    const { owner, workspace, doc } = await setup({ required: true });
    const ctx = contextFor(database.db, owner);
    expect((await listDocumentTree(ctx, workspace.id)).map((node) => node.id)).toEqual([doc.id]);
  });

  it("tells someone who is not a member nothing: still not_found", async () => {
    const { workspace, doc } = await setup({ required: true });
    const stranger = contextFor(database.db, await buildUser(database.db));
    await expectAppError(findWorkspaceForMember(stranger, { slug: workspace.slug }), "not_found");
    await expectAppError(findDocumentForMember(stranger, doc.id), "not_found");
  });
});

describe("a workspace that does not require two-factor", () => {
  it("is unaffected for a member without it", async () => {
    const { member, workspace, doc } = await setup({ required: false });
    const ctx = contextFor(database.db, member);
    expect((await findWorkspaceForMember(ctx, { slug: workspace.slug })).role).toBe("editor");
    expect((await renameDocument(ctx, { documentId: doc.id, title: "Renamed" })).title).toBe("Renamed");
    expect(await countUnreadNotifications(ctx)).toBe(1);
  });
});
