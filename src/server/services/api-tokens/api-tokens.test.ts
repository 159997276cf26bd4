import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildUser, buildWorkspace, contextFor } from "@test/factories";
import { CreateApiTokenSchema } from "@/shared/schemas/api-token";
import { apiTokens, memberships } from "@/server/db/schema";
import { hashApiToken } from "@/server/auth/api-token-secret";
import { LAST_USED_RESOLUTION_MS, authenticateApiToken } from "@/server/auth/authenticate-api-token";
import { createApiToken } from "./create-api-token";
import { listApiTokens } from "./list-api-tokens";
import { revokeApiToken } from "./revoke-api-token";
import { leaveWorkspace } from "@/server/services/members/leave-workspace";
import { removeMember } from "@/server/services/members/remove-member";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();

async function setup(role: "viewer" | "owner" = "owner") {
  const actor = await buildUser(database.db);
  const workspace = await buildWorkspace(database.db, [{ actor, role }]);
  return { actor, workspace, ctx: contextFor(database.db, actor) };
}

describe("createApiToken", () => {
  it("returns the token once and stores only its hash and prefix", async () => {
    const { ctx, workspace } = await setup();
    const { token, apiToken } = await createApiToken(ctx, { workspaceId: workspace.id, name: "CI", scope: "write" });
    expect(token).toMatch(/^quire_[A-Za-z0-9_-]{43}$/);
    expect(apiToken).toMatchObject({ name: "CI", scope: "write", status: "active", prefix: token.slice(0, 10), expiresAt: null, lastUsedAt: null });
    const [row] = await database.db.select().from(apiTokens).where(eq(apiTokens.id, apiToken.id));
    expect(row?.tokenHash).toBe(hashApiToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("lets any member, a viewer too, make a token; its expiry ends after the chosen day", async () => {
    const { ctx, workspace } = await setup("viewer");
    const { apiToken } = await createApiToken(ctx, { workspaceId: workspace.id, name: "Reader", scope: "read", expiresOn: "2999-01-31" });
    expect(apiToken.expiresAt).toBe("2999-02-01T00:00:00.000Z");
  });

  it("is not_found for a workspace the actor is not in", async () => {
    const { ctx } = await setup();
    const other = await setup();
    await expect(createApiToken(ctx, { workspaceId: other.workspace.id, name: "x", scope: "read" })).rejects.toMatchObject({ code: "not_found" });
  });

  it("refuses to be called with a token", async () => {
    const { ctx, workspace } = await setup();
    const grant = { tokenId: crypto.randomUUID(), workspaceId: workspace.id, scope: "write" as const };
    await expect(createApiToken({ ...ctx, grant }, { workspaceId: workspace.id, name: "x", scope: "read" })).rejects.toMatchObject({ code: "forbidden" });
  });
});

describe("CreateApiTokenSchema", () => {
  it("names each bad field", () => {
    const parsed = CreateApiTokenSchema.safeParse({ workspaceId: crypto.randomUUID(), name: " ", scope: "admin", expiresOn: "2000-01-01" });
    expect(parsed.success).toBe(false);
    const paths = parsed.error?.issues.map((issue) => issue.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["name", "scope", "expiresOn"]));
    expect(CreateApiTokenSchema.safeParse({ workspaceId: crypto.randomUUID(), name: "x".repeat(81), scope: "read" }).success).toBe(false);
    expect(CreateApiTokenSchema.parse({ workspaceId: crypto.randomUUID(), name: " ok ", scope: "read", expiresOn: "" })).toMatchObject({ name: "ok", expiresOn: undefined });
  });
});

describe("listApiTokens and revokeApiToken", () => {
  it("lists only the actor's own tokens, with their status", async () => {
    const { ctx, workspace } = await setup();
    const colleague = await buildUser(database.db);
    await database.db.insert(memberships).values({ workspaceId: workspace.id, userId: colleague.id, role: "editor" });
    await createApiToken(contextFor(database.db, colleague), { workspaceId: workspace.id, name: "Theirs", scope: "read" });
    const first = await createApiToken(ctx, { workspaceId: workspace.id, name: "Mine", scope: "read" });
    await revokeApiToken(ctx, { tokenId: first.apiToken.id });
    const listed = await listApiTokens(ctx, workspace.id);
    expect(listed.map((t) => [t.name, t.status])).toEqual([["Mine", "revoked"]]);
  });

  it("makes someone else's token not_found", async () => {
    const { ctx, workspace } = await setup();
    const mine = await createApiToken(ctx, { workspaceId: workspace.id, name: "Mine", scope: "read" });
    const stranger = await setup();
    await expect(revokeApiToken(stranger.ctx, { tokenId: mine.apiToken.id })).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("authenticateApiToken", () => {
  it("answers the user and grant of a working token and records its use at most once a minute", async () => {
    const { ctx, workspace, actor } = await setup();
    const { token, apiToken } = await createApiToken(ctx, { workspaceId: workspace.id, name: "CI", scope: "write" });
    const now = new Date();
    const identity = await authenticateApiToken(database.db, token, now);
    // The user's two-factor and whether they have a password come with it, as they are now: a
    // workspace that requires two-factor gates tokens too.
    expect(identity).toEqual({
      actor: { id: actor.id, name: actor.name, email: actor.email, color: actor.color, twoFactorEnabled: false, passwordless: false },
      grant: { tokenId: apiToken.id, workspaceId: workspace.id, scope: "write" },
      // buildUser's account never confirmed its address: refused while SMTP is set up (resolve-caller.ts).
      mustConfirmAddress: true,
    });
    const lastUsed = async () => (await database.db.select().from(apiTokens).where(eq(apiTokens.id, apiToken.id)))[0]?.lastUsedAt?.getTime();
    expect(await lastUsed()).toBe(now.getTime());
    await authenticateApiToken(database.db, token, new Date(now.getTime() + 1000));
    expect(await lastUsed()).toBe(now.getTime());
    const later = new Date(now.getTime() + LAST_USED_RESOLUTION_MS + 1);
    await authenticateApiToken(database.db, token, later);
    expect(await lastUsed()).toBe(later.getTime());
  });

  it("refuses unknown, revoked and expired tokens, and those whose user left the workspace", async () => {
    const { ctx, workspace, actor } = await setup();
    expect(await authenticateApiToken(database.db, "quire_nope")).toBeNull();
    expect(await authenticateApiToken(database.db, "not-even-a-token")).toBeNull();
    const revoked = await createApiToken(ctx, { workspaceId: workspace.id, name: "r", scope: "read" });
    await revokeApiToken(ctx, { tokenId: revoked.apiToken.id });
    expect(await authenticateApiToken(database.db, revoked.token)).toBeNull();
    const expiring = await createApiToken(ctx, { workspaceId: workspace.id, name: "e", scope: "read", expiresOn: "2999-01-01" });
    expect(await authenticateApiToken(database.db, expiring.token, new Date("2998-12-31T00:00:00Z"))).not.toBeNull();
    expect(await authenticateApiToken(database.db, expiring.token, new Date("2999-01-02T00:00:00Z"))).toBeNull();
    const working = await createApiToken(ctx, { workspaceId: workspace.id, name: "w", scope: "write" });
    await database.db.delete(memberships).where(eq(memberships.userId, actor.id));
    expect(await authenticateApiToken(database.db, working.token)).toBeNull();
  });

  it("stays revoked when its creator, removed or gone, joins the workspace again", async () => {
    // QA: a removed editor's token answered again once they were re-invited, even as a viewer.
    const owner = await buildUser(database.db);
    const removed = await buildUser(database.db);
    const leaver = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [
      { actor: owner, role: "owner" },
      { actor: removed, role: "editor" },
      { actor: leaver, role: "editor" },
    ]);
    const removedToken = await createApiToken(contextFor(database.db, removed), { workspaceId: workspace.id, name: "sync", scope: "write" });
    const leaverToken = await createApiToken(contextFor(database.db, leaver), { workspaceId: workspace.id, name: "sync", scope: "write" });
    await removeMember(contextFor(database.db, owner), { workspaceId: workspace.id, userId: removed.id });
    await leaveWorkspace(contextFor(database.db, leaver), { workspaceId: workspace.id });
    await database.db.insert(memberships).values([
      { workspaceId: workspace.id, userId: removed.id, role: "viewer" },
      { workspaceId: workspace.id, userId: leaver.id, role: "viewer" },
    ]);
    expect(await authenticateApiToken(database.db, removedToken.token)).toBeNull();
    expect(await authenticateApiToken(database.db, leaverToken.token)).toBeNull();
    expect((await listApiTokens(contextFor(database.db, removed), workspace.id)).map((token) => token.status)).toEqual(["revoked"]);
  });
});
