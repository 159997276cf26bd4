import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCollabHarness } from "@test/collab-harness";
import { buildDocument, buildWorkspace, contextFor } from "@test/factories";
import { apiTokens } from "@/server/db/schema";
import { hashApiToken } from "@/server/auth/api-token-secret";
import { createApiToken } from "@/server/services/api-tokens/create-api-token";
import { revokeApiToken } from "@/server/services/api-tokens/revoke-api-token";

// /collab with `Authorization: Bearer <API token>` (docs/product.md "Calls"), on the real collaboration
// server: the token's grant caps the connection, and the access watch ends it with the token.
let harness: Awaited<ReturnType<typeof startCollabHarness>>;
beforeAll(async () => {
  harness = await startCollabHarness();
});
afterAll(() => harness.stop());

const WITHIN = { interval: 50 };

async function setup() {
  const owner = await harness.signedIn("Owner");
  const workspace = await buildWorkspace(harness.db.db, [{ actor: owner.actor, role: "owner" }]);
  const document = await buildDocument(harness.db.db, workspace.id);
  const ctx = contextFor(harness.db.db, owner.actor);
  const token = async (scope: "read" | "write", workspaceId = workspace.id) => (await createApiToken(ctx, { workspaceId, name: scope, scope })).token;
  const observer = harness.connect(document.id, owner.key);
  await expect.poll(() => observer.isSynced(), WITHIN).toBe(true);
  return { owner, workspace, document, ctx, token, observer };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("/collab with an API token", () => {
  it("lets a write token edit, and makes a read token's connection read-only", async () => {
    const { document, token, observer } = await setup();
    const writer = harness.connectWith(document.id, bearer(await token("write")));
    const reader = harness.connectWith(document.id, bearer(await token("read")));
    try {
      await expect.poll(() => writer.isSynced() && reader.isSynced(), WITHIN).toBe(true);
      writer.body.insert(0, "written ");
      await expect.poll(() => observer.body.toString(), WITHIN).toBe("written ");
      reader.body.insert(0, "refused ");
      await expect.poll(() => reader.events, WITHIN).toContain("sync-status: refused");
      expect(observer.body.toString()).toBe("written ");
    } finally {
      writer.close();
      reader.close();
      observer.close();
    }
  });

  it("refuses another workspace's document, and unknown tokens", async () => {
    const { document, owner, token, observer } = await setup();
    observer.close();
    const other = await buildWorkspace(harness.db.db, [{ actor: owner.actor, role: "owner" }]);
    const elsewhere = harness.connectWith(document.id, bearer(await token("write", other.id)));
    const unknown = harness.connectWith(document.id, bearer("quire_not-a-real-token"));
    try {
      await expect.poll(() => elsewhere.events, WITHIN).toContain("denied: forbidden");
      await expect.poll(() => unknown.events, WITHIN).toContain("denied: unauthenticated");
    } finally {
      elsewhere.close();
      unknown.close();
    }
  });

  it("closes the connection within 5 s once the token is revoked or expires", async () => {
    const { document, ctx, token, observer } = await setup();
    observer.close();
    const revokedToken = await token("write");
    const expiringToken = await token("write");
    const revoked = harness.connectWith(document.id, bearer(revokedToken));
    const expiring = harness.connectWith(document.id, bearer(expiringToken));
    try {
      await expect.poll(() => revoked.isSynced() && expiring.isSynced(), WITHIN).toBe(true);
      const idOf = async (t: string) =>
        (await harness.db.db.select({ id: apiTokens.id }).from(apiTokens).where(eq(apiTokens.tokenHash, hashApiToken(t))))[0]?.id ?? "";
      await revokeApiToken(ctx, { tokenId: await idOf(revokedToken) });
      await harness.db.db.update(apiTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiTokens.id, await idOf(expiringToken)));
      await expect.poll(() => revoked.events, WITHIN).toContain("closed: 1000 signedOut");
      await expect.poll(() => expiring.events, WITHIN).toContain("closed: 1000 signedOut");
    } finally {
      revoked.close();
      expiring.close();
    }
  });
});
