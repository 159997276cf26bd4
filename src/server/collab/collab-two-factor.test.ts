import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCollabHarness } from "@test/collab-harness";
import { buildDocument, buildWorkspace, contextFor } from "@test/factories";
import { memberships, users, workspaces } from "@/server/db/schema";
import { createApiToken } from "@/server/services/api-tokens/create-api-token";

// /collab in a workspace that requires two-factor (docs/product.md "Account security"), on the real
// collaboration server: a member without it is refused with reason `twoFactorRequired`, by session
// or token, and an open editor is closed with it once the requirement applies to them.
let harness: Awaited<ReturnType<typeof startCollabHarness>>;
beforeAll(async () => {
  harness = await startCollabHarness();
});
afterAll(() => harness.stop());

const WITHIN = { interval: 50 };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function setup() {
  const owner = await harness.signedIn("Owner", { twoFactorEnabled: true });
  const member = await harness.signedIn("Member");
  const workspace = await buildWorkspace(harness.db.db, [
    { actor: owner.actor, role: "owner" },
    { actor: member.actor, role: "editor" },
  ]);
  const document = await buildDocument(harness.db.db, workspace.id);
  const { token } = await createApiToken(contextFor(harness.db.db, member.actor), { workspaceId: workspace.id, name: "sync", scope: "write" });
  const requireTwoFactor = (required = true) => harness.db.db.update(workspaces).set({ requireTwoFactor: required }).where(eq(workspaces.id, workspace.id));
  return { owner, member, document, token, requireTwoFactor };
}

describe("/collab in a workspace that requires two-factor", () => {
  it("refuses a member without it, by session and by token, with its own reason; one with it gets in", async () => {
    const { owner, member, document, token, requireTwoFactor } = await setup();
    await requireTwoFactor();
    const bySession = harness.connect(document.id, member.key);
    const byToken = harness.connectWith(document.id, bearer(token));
    const enrolled = harness.connect(document.id, owner.key);
    try {
      await expect.poll(() => bySession.events, WITHIN).toContain("denied: twoFactorRequired");
      await expect.poll(() => byToken.events, WITHIN).toContain("denied: twoFactorRequired");
      await expect.poll(() => enrolled.isSynced(), WITHIN).toBe(true);
      expect(bySession.isSynced() || byToken.isSynced()).toBe(false);
    } finally {
      bySession.close();
      byToken.close();
      enrolled.close();
    }
  });

  it("closes an open editor within seconds once the workspace starts requiring it", async () => {
    const { member, document, requireTwoFactor } = await setup();
    const editor = harness.connect(document.id, member.key);
    try {
      await expect.poll(() => editor.isSynced(), WITHIN).toBe(true);
      await requireTwoFactor();
      await expect.poll(() => editor.events, WITHIN).toContain("closed: 1000 twoFactorRequired");
    } finally {
      editor.close();
    }
  });

  it("lets them in once they turn two-factor on: a new session, and the same token", async () => {
    const { member, document, token, requireTwoFactor } = await setup();
    await requireTwoFactor();
    await harness.db.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, member.actor.id));
    const session = await harness.sessionOf({ ...member.actor, twoFactorEnabled: true });
    await expectBothAdmitted(document.id, session.key, token);
  });

  it("lets in a member whose account has no password (single sign-on made it), by session and by token", async () => {
    const { document, requireTwoFactor } = await setup();
    const sso = await harness.signedIn("Signs in through SSO", { passwordless: true });
    await harness.db.db.insert(memberships).values({ workspaceId: document.workspaceId, userId: sso.actor.id, role: "editor" });
    const { token } = await createApiToken(contextFor(harness.db.db, sso.actor), { workspaceId: document.workspaceId, name: "sync", scope: "write" });
    await requireTwoFactor();
    await expectBothAdmitted(document.id, sso.key, token);
  });

  it("leaves a workspace without the requirement alone", async () => {
    const { member, document, token } = await setup();
    await expectBothAdmitted(document.id, member.key, token);
  });
});

/** A connection by that session and one by that token both sync (are admitted), then close. */
async function expectBothAdmitted(documentId: string, sessionKey: string, token: string): Promise<void> {
  const bySession = harness.connect(documentId, sessionKey);
  const byToken = harness.connectWith(documentId, bearer(token));
  try {
    await expect.poll(() => bySession.isSynced() && byToken.isSynced(), WITHIN).toBe(true);
  } finally {
    bySession.close();
    byToken.close();
  }
}
