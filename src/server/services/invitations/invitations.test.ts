import { readFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildUser, buildWorkspace, contextFor } from "@test/factories";
import type { Role } from "@/shared/roles";
import type { Actor } from "@/server/context";
import { accounts, invitations, memberships, notifications } from "@/server/db/schema";
import { acceptInvitation } from "./accept-invitation";
import { ADDRESS_NOT_PROVEN_MESSAGE } from "./internal/address-proof";
import { ALREADY_MEMBER_MESSAGE, createInvitation } from "./create-invitation";
import { findInvitationByToken } from "./find-invitation-by-token";
import { INVITATION_MESSAGES } from "@/shared/invitations";
import { INVITATION_TTL_MS } from "@/server/services/invitations/internal/invitation-status";
import { hashInvitationToken } from "@/server/services/invitations/internal/invitation-token";
import { listPendingInvitations } from "./list-pending-invitations";
import { reissueInvitation } from "./reissue-invitation";
import { revokeInvitation } from "./revoke-invitation";
import { withTestDatabase } from "@test/test-database-hooks";
import { expectAppError } from "@test/app-errors";

const database = withTestDatabase();

const DAY = 24 * 60 * 60 * 1000;

/** A workspace with an owner and, optionally, someone else holding `role`. */
async function team(role?: Role) {
  const owner = await buildUser(database.db, { name: "Olive Owner" });
  const member = role ? await buildUser(database.db) : undefined;
  const workspace = await buildWorkspace(database.db, [
    { actor: owner, role: "owner" },
    ...(member && role ? [{ actor: member, role }] : []),
  ]);
  return { owner, member: member as Actor, workspace };
}

function invite(actor: Actor, workspaceId: string, email: string, role: Role = "editor", now?: Date) {
  return createInvitation(contextFor(database.db, actor), { workspaceId, email, role }, now);
}

describe("createInvitation", () => {
  it("stores the address lower-case and only the token's SHA-256, expiring in 7 days", async () => {
    const { owner, workspace } = await team();
    const now = new Date("2026-03-01T12:00:00Z");
    const { invitation, token } = await invite(owner, workspace.id, "New.Person@Example.com", "commenter", now);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await database.db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(row).toMatchObject({ email: "new.person@example.com", role: "commenter", invitedBy: owner.id });
    expect(row?.tokenHash).toBe(hashInvitationToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row?.expiresAt.getTime()).toBe(now.getTime() + 7 * DAY);
  });

  it.each(["viewer", "commenter", "editor"] as const)("lets an admin invite a %s", async (role) => {
    const { member: admin, workspace } = await team("admin");
    const { invitation } = await invite(admin, workspace.id, `someone-${role}@example.com`, role);
    expect(invitation.role).toBe(role);
  });

  it.each(["admin", "owner"] as const)("refuses an admin inviting an %s", async (role) => {
    const { member: admin, workspace } = await team("admin");
    await expectAppError(invite(admin, workspace.id, "boss@example.com", role), "forbidden");
  });

  it.each(["admin", "owner"] as const)("lets an owner invite an %s", async (role) => {
    const { owner, workspace } = await team();
    expect((await invite(owner, workspace.id, `co-${role}@example.com`, role)).invitation.role).toBe(role);
  });

  it.each(["editor", "commenter", "viewer"] as const)("refuses a %s", async (role) => {
    const { member, workspace } = await team(role);
    await expectAppError(invite(member, workspace.id, "friend@example.com", "viewer"), "forbidden");
  });

  it("answers not_found to a non-member", async () => {
    const { workspace } = await team();
    const stranger = await buildUser(database.db);
    await expectAppError(invite(stranger, workspace.id, "friend@example.com"), "not_found");
  });

  it("refuses an address that already belongs to a member", async () => {
    const { owner, member, workspace } = await team("viewer");
    const error = await expectAppError(invite(owner, workspace.id, member.email.toUpperCase()), "validation_failed");
    expect(error.fields).toEqual({ email: ALREADY_MEMBER_MESSAGE });
  });

  it("replaces a pending invitation to the same address: only the newest link works", async () => {
    const { owner, workspace } = await team();
    const first = await invite(owner, workspace.id, "twice@example.com");
    const second = await invite(owner, workspace.id, "twice@example.com", "viewer");
    expect((await findInvitationByToken({ db: database.db }, first.token))?.status).toBe("revoked");
    expect((await findInvitationByToken({ db: database.db }, second.token))?.status).toBe("pending");
    const pending = await listPendingInvitations(contextFor(database.db, owner), workspace.id);
    expect(pending.map((p) => [p.email, p.role])).toEqual([["twice@example.com", "viewer"]]);
  });

  // QA: whoever signed up with someone's address (never opening the confirmation email), or changed
  // their email to it without SMTP, was handed the invitation's link in the app and joined with its role.
  it("hands the link in the app only to an account whose address is confirmed", async () => {
    const { owner, workspace } = await team();
    const unconfirmed = await buildUser(database.db, { email: "squatted@example.com" });
    await invite(owner, workspace.id, "squatted@example.com", "owner");
    expect(await invitationNotices(unconfirmed.id)).toEqual([]);

    const confirmed = await buildUser(database.db, { email: "proven@example.com", emailVerified: true });
    const { token } = await invite(owner, workspace.id, "PROVEN@example.com", "editor");
    expect(await invitationNotices(confirmed.id)).toEqual([`/invite/${token}`]);
  });

  it("hands no link in the app to an account only another workspace's sign-in provider vouches for, even one it calls verified", async () => {
    const { owner, workspace } = await team();
    const elsewhere = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
    const vouched = async (email: string, workspaceId: string) => {
      const person = await buildUser(database.db, { email, passwordless: true, emailVerified: true });
      await database.db.insert(accounts).values({ id: `${person.id}-0`, accountId: email, providerId: `workspace-${workspaceId}`, userId: person.id });
      return person;
    };
    const byAnother = await vouched("other-idp@example.com", elsewhere.id);
    await invite(owner, workspace.id, "other-idp@example.com");
    expect(await invitationNotices(byAnother.id)).toEqual([]);
    // The inviting workspace's own provider is its word for its own invitations (as acceptInvitation takes it).
    const byOwn = await vouched("own-idp@example.com", workspace.id);
    const { token } = await invite(owner, workspace.id, "own-idp@example.com");
    expect(await invitationNotices(byOwn.id)).toEqual([`/invite/${token}`]);
  });

  it("takes back, once (migration 0017), the links already handed to unconfirmed accounts that may still work", async () => {
    const { owner, workspace } = await team();
    const unconfirmed = await buildUser(database.db);
    const confirmed = await buildUser(database.db, { emailVerified: true });
    const notice = (userId: string, createdAt: Date) => ({ userId, workspaceId: workspace.id, kind: "invitation" as const, actorId: owner.id, data: { invitePath: `/invite/${userId}` }, createdAt });
    await database.db.insert(notifications).values([
      notice(unconfirmed.id, new Date()),
      notice(unconfirmed.id, new Date(Date.now() - 8 * DAY)), // its link has expired
      notice(confirmed.id, new Date()),
    ]);
    const migration = await readFile(path.resolve(import.meta.dirname, "../../../../drizzle/0017_unconfirmed_invitation_notices.sql"), "utf8");
    await database.db.execute(sql.raw(migration));
    expect(await invitationNotices(unconfirmed.id)).toHaveLength(1);
    expect(await invitationNotices(confirmed.id)).toEqual([`/invite/${confirmed.id}`]);
  });
});

/** The invitation links in a person's notifications. */
async function invitationNotices(userId: string): Promise<string[]> {
  const rows = await database.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, "invitation")));
  return rows.map((row) => row.data.invitePath ?? "");
}

describe("listPendingInvitations", () => {
  it("lists only pending invitations, newest first, with the inviter", async () => {
    const { owner, workspace } = await team();
    const member = await buildUser(database.db);
    await invite(owner, workspace.id, "old@example.com", "editor", new Date(Date.now() - 8 * DAY)); // expired
    const revoked = await invite(owner, workspace.id, "revoked@example.com");
    await revokeInvitation(contextFor(database.db, owner), { invitationId: revoked.invitation.id });
    const used = await invite(owner, workspace.id, member.email);
    await acceptInvitation(contextFor(database.db, member), used.token);
    await invite(owner, workspace.id, "first@example.com", "viewer", new Date(Date.now() - 1000));
    await invite(owner, workspace.id, "second@example.com");
    const pending = await listPendingInvitations(contextFor(database.db, owner), workspace.id);
    expect(pending.map((p) => p.email)).toEqual(["second@example.com", "first@example.com"]);
    expect(pending[0]?.inviterName).toBe("Olive Owner");
  });

  it("refuses an editor", async () => {
    const { member, workspace } = await team("editor");
    await expectAppError(listPendingInvitations(contextFor(database.db, member), workspace.id), "forbidden");
  });
});

describe("revokeInvitation", () => {
  it("stops the link working", async () => {
    const { owner, workspace } = await team();
    const { invitation, token } = await invite(owner, workspace.id, "gone@example.com");
    await revokeInvitation(contextFor(database.db, owner), { invitationId: invitation.id });
    expect((await findInvitationByToken({ db: database.db }, token))?.status).toBe("revoked");
    const invitee = await buildUser(database.db, { email: "gone@example.com" });
    const error = await expectAppError(acceptInvitation(contextFor(database.db, invitee), token), "conflict");
    expect(error.message).toBe(INVITATION_MESSAGES.revoked);
  });

  it("lets an admin revoke an editor's invitation but not an owner's", async () => {
    const { owner, member: admin, workspace } = await team("admin");
    const editorInvite = await invite(owner, workspace.id, "ed@example.com", "editor");
    const ownerInvite = await invite(owner, workspace.id, "co@example.com", "owner");
    await revokeInvitation(contextFor(database.db, admin), { invitationId: editorInvite.invitation.id });
    await expectAppError(revokeInvitation(contextFor(database.db, admin), { invitationId: ownerInvite.invitation.id }), "forbidden");
    expect((await findInvitationByToken({ db: database.db }, ownerInvite.token))?.status).toBe("pending");
  });

  it("answers not_found for another workspace's invitation", async () => {
    const { owner, workspace } = await team();
    const { owner: otherOwner } = await team();
    const { invitation } = await invite(owner, workspace.id, "x@example.com");
    await expectAppError(revokeInvitation(contextFor(database.db, otherOwner), { invitationId: invitation.id }), "not_found");
  });

  it("refuses to revoke an accepted invitation", async () => {
    const { owner, workspace } = await team();
    const invitee = await buildUser(database.db);
    const { invitation, token } = await invite(owner, workspace.id, invitee.email);
    await acceptInvitation(contextFor(database.db, invitee), token);
    await expectAppError(revokeInvitation(contextFor(database.db, owner), { invitationId: invitation.id }), "conflict");
  });
});

describe("reissueInvitation", () => {
  const ORIGIN = "http://quire.test";

  it("gives a pending invitation a new link for the same address and role; the old link stops working", async () => {
    const { owner, workspace } = await team();
    const first = await invite(owner, workspace.id, "again@example.com", "commenter");
    const again = await reissueInvitation(contextFor(database.db, owner), { invitationId: first.invitation.id }, ORIGIN);
    expect(again).toMatchObject({ email: "again@example.com", role: "commenter", emailStatus: "not_configured", workspaceSlug: workspace.slug });
    const token = again.link.replace(`${ORIGIN}/invite/`, "");
    expect(token).not.toBe(first.token);
    expect((await findInvitationByToken({ db: database.db }, first.token))?.status).toBe("revoked");
    expect((await findInvitationByToken({ db: database.db }, token))?.status).toBe("pending");
    const pending = await listPendingInvitations(contextFor(database.db, owner), workspace.id);
    expect(pending.map((p) => [p.email, p.role])).toEqual([["again@example.com", "commenter"]]);
  });

  it("answers not_found for another workspace's or a revoked invitation, conflict for an accepted one, forbidden past the actor's reach", async () => {
    const { owner, member: admin, workspace } = await team("admin");
    const { owner: otherOwner } = await team();
    const ownerInvite = await invite(owner, workspace.id, "co-owner@example.com", "owner");
    await expectAppError(reissueInvitation(contextFor(database.db, otherOwner), { invitationId: ownerInvite.invitation.id }, ORIGIN), "not_found");
    await expectAppError(reissueInvitation(contextFor(database.db, admin), { invitationId: ownerInvite.invitation.id }, ORIGIN), "forbidden");
    const revoked = await invite(owner, workspace.id, "revoked@example.com");
    await revokeInvitation(contextFor(database.db, owner), { invitationId: revoked.invitation.id });
    await expectAppError(reissueInvitation(contextFor(database.db, owner), { invitationId: revoked.invitation.id }, ORIGIN), "not_found");
    const invitee = await buildUser(database.db);
    const accepted = await invite(owner, workspace.id, invitee.email);
    await acceptInvitation(contextFor(database.db, invitee), accepted.token);
    await expectAppError(reissueInvitation(contextFor(database.db, owner), { invitationId: accepted.invitation.id }, ORIGIN), "conflict");
  });
});

describe("acceptInvitation", () => {
  it("makes the invited person a member with the invited role and uses the link up", async () => {
    const { owner, workspace } = await team();
    const invitee = await buildUser(database.db, { email: "casey@example.com" });
    const { token } = await invite(owner, workspace.id, "CASEY@example.com", "commenter");
    const accepted = await acceptInvitation(contextFor(database.db, invitee), token);
    expect(accepted).toMatchObject({ workspace: { id: workspace.id, slug: workspace.slug }, role: "commenter", wasMember: false });
    const [membership] = await database.db.select().from(memberships).where(eq(memberships.userId, invitee.id));
    expect(membership).toMatchObject({ workspaceId: workspace.id, role: "commenter" });
    const found = await findInvitationByToken({ db: database.db }, token);
    expect(found?.status).toBe("accepted");
  });

  it("refuses an account only another workspace's sign-in provider vouches for; its own workspace's, a password or the instance's provider will do", async () => {
    const { owner, workspace } = await team();
    const elsewhere = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
    const account = async (email: string, providerIds: string[]) => {
      const person = await buildUser(database.db, { email, passwordless: !providerIds.includes("credential") });
      await database.db.insert(accounts).values(providerIds.map((providerId, i) => ({ id: `${person.id}-${i}`, accountId: `${email}-${i}`, providerId, userId: person.id })));
      return person;
    };
    const byAnotherWorkspace = await account("vouched@example.com", [`workspace-${elsewhere.id}`]);
    const { token } = await invite(owner, workspace.id, "vouched@example.com");
    const refused = await expectAppError(acceptInvitation(contextFor(database.db, byAnotherWorkspace), token), "forbidden");
    expect(refused.message).toBe(ADDRESS_NOT_PROVEN_MESSAGE);
    expect(await database.db.select().from(memberships).where(eq(memberships.userId, byAnotherWorkspace.id))).toEqual([]);

    for (const [email, providers] of [
      ["own-provider@example.com", [`workspace-${workspace.id}`]],
      ["with-password@example.com", [`workspace-${elsewhere.id}`, "credential"]],
      ["instance-sso@example.com", ["sso"]],
    ] as const) {
      const person = await account(email, [...providers]);
      const { token: theirs } = await invite(owner, workspace.id, email);
      expect((await acceptInvitation(contextFor(database.db, person), theirs)).wasMember).toBe(false);
    }
  });

  it("refuses an expired link (7 days) and adds no one", async () => {
    const { owner, workspace } = await team();
    const invitee = await buildUser(database.db);
    const created = new Date("2026-01-01T00:00:00Z");
    const { token } = await invite(owner, workspace.id, invitee.email, "editor", created);
    const ctx = contextFor(database.db, invitee);
    const justBefore = new Date(created.getTime() + INVITATION_TTL_MS - 1);
    expect((await findInvitationByToken({ db: database.db }, token, justBefore))?.status).toBe("pending");
    const error = await expectAppError(acceptInvitation(ctx, token, new Date(created.getTime() + INVITATION_TTL_MS)), "conflict");
    expect(error.message).toBe(INVITATION_MESSAGES.expired);
    expect(await database.db.select().from(memberships).where(eq(memberships.userId, invitee.id))).toEqual([]);
  });

  it("refuses a used link to a second person", async () => {
    const { owner, workspace } = await team();
    const invitee = await buildUser(database.db, { email: "shared@example.com" });
    const { token } = await invite(owner, workspace.id, "shared@example.com");
    await acceptInvitation(contextFor(database.db, invitee), token);
    await database.db.delete(memberships).where(eq(memberships.userId, invitee.id)); // they left
    const error = await expectAppError(acceptInvitation(contextFor(database.db, invitee), token), "conflict");
    expect(error.message).toBe(INVITATION_MESSAGES.accepted);
  });

  it("refuses someone signed in with another address", async () => {
    const { owner, workspace } = await team();
    const other = await buildUser(database.db);
    const { token } = await invite(owner, workspace.id, "intended@example.com");
    const error = await expectAppError(acceptInvitation(contextFor(database.db, other), token), "forbidden");
    expect(error.message).toContain("intended@example.com");
    expect((await findInvitationByToken({ db: database.db }, token))?.status).toBe("pending");
  });

  it("takes someone who became a member meanwhile to the workspace, role unchanged, and uses the link up", async () => {
    const { owner, workspace } = await team();
    const invitee = await buildUser(database.db);
    const { token } = await invite(owner, workspace.id, invitee.email, "admin");
    await database.db.insert(memberships).values({ workspaceId: workspace.id, userId: invitee.id, role: "viewer" });
    expect(await acceptInvitation(contextFor(database.db, invitee), token)).toMatchObject({ role: "viewer", wasMember: true });
    expect((await findInvitationByToken({ db: database.db }, token))?.status).toBe("accepted");
  });

  it("takes a member who opens someone else's link to the workspace and leaves the link pending", async () => {
    const { owner, member, workspace } = await team("editor");
    const { token } = await invite(owner, workspace.id, "someone-else@example.com");
    expect(await acceptInvitation(contextFor(database.db, member), token)).toMatchObject({ role: "editor", wasMember: true });
    expect((await findInvitationByToken({ db: database.db }, token))?.status).toBe("pending");
  });

  it("answers not_found for an unknown token", async () => {
    const someone = await buildUser(database.db);
    await expectAppError(acceptInvitation(contextFor(database.db, someone), "x".repeat(43)), "not_found");
    expect(await findInvitationByToken({ db: database.db }, "x".repeat(43))).toBeNull();
  });
});
