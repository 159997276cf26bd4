import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import * as documentsRoute from "@/app/api/v1/documents/route";
import { signedInPerson } from "@test/auth-sessions";
import type { SignedInPerson } from "@test/auth-sessions";
import { buildDocument, buildWorkspace, contextFor } from "@test/factories";
import { withTestDatabase } from "@test/test-database-hooks";
import { TEST_HOST, withRouteSingletons } from "@test/route-singletons";
import { totpCode } from "@test/totp";
import { workspaces } from "@/server/db/schema";
import { TWO_FACTOR_REQUIRED_MESSAGE } from "@/server/errors";
import { confirmTwoFactor } from "@/server/services/accounts/confirm-two-factor";
import { startTwoFactorEnrolment } from "@/server/services/accounts/start-two-factor-enrolment";
import { createApiToken } from "@/server/services/api-tokens/create-api-token";

// A workspace's two-factor requirement over the REST API (docs/api.md "Errors"): a member without
// two-factor is answered 403 with what to do, by session and by any token of theirs, until they
// turn it on. The route reaches the database and auth through process singletons.
const HOST = { ...TEST_HOST, "x-quire-client-ip": "203.0.113.40" };
const database = withTestDatabase();
const routes = withRouteSingletons(database);

function listDocuments(workspaceSlug: string, credential: { headers: Headers } | { token: string }) {
  const headers = "token" in credential ? new Headers({ ...HOST, authorization: `Bearer ${credential.token}` }) : credential.headers;
  return documentsRoute.GET(new NextRequest(`http://localhost:3000/api/v1/documents?workspace=${workspaceSlug}`, { headers }), { params: Promise.resolve({}) });
}

/** A member in a workspace with one document, and a write token made before any requirement. */
async function setup(): Promise<{ person: SignedInPerson; workspace: { id: string; slug: string }; token: string }> {
  const person = await signedInPerson(routes.auth);
  const workspace = await buildWorkspace(database.db, [{ actor: person.actor, role: "editor" }]);
  await buildDocument(database.db, workspace.id, { title: "Plan" });
  const { token } = await createApiToken(contextFor(database.db, person.actor), { workspaceId: workspace.id, name: "sync", scope: "write" });
  return { person, workspace, token };
}

const requireTwoFactor = (workspaceId: string) => database.db.update(workspaces).set({ requireTwoFactor: true }).where(eq(workspaces.id, workspaceId));

async function expectRefused(response: Response) {
  expect(response.status).toBe(403);
  expect(await response.json()).toEqual({ error: { code: "forbidden", message: TWO_FACTOR_REQUIRED_MESSAGE } });
}

describe("the REST API in a workspace that requires two-factor", () => {
  it("answers a member without two-factor 403 with the message, by session and by their token", async () => {
    const { person, workspace, token } = await setup();
    expect((await listDocuments(workspace.slug, person)).status).toBe(200);
    expect((await listDocuments(workspace.slug, { token })).status).toBe(200);
    await requireTwoFactor(workspace.id);
    await expectRefused(await listDocuments(workspace.slug, person));
    await expectRefused(await listDocuments(workspace.slug, { token }));
  });

  it("lifts it once they turn two-factor on: their next session and the same token work again", async () => {
    const { person, workspace, token } = await setup();
    await requireTwoFactor(workspace.id);
    const ctx = { db: database.db, actor: person.actor };
    const { secret } = await startTwoFactorEnrolment(ctx, { password: person.password }, { auth: routes.auth, headers: person.headers });
    await confirmTwoFactor(ctx, { code: await totpCode(secret) }, { auth: routes.auth, headers: person.headers });
    // Confirming replaces the session (docs/architecture.md "Auth"): sign in again, with a code.
    const pending = await routes.auth.api.signInEmail({ body: { email: person.actor.email, password: person.password }, headers: new Headers(HOST), returnHeaders: true });
    const verified = await routes.auth.api.verifyTOTP({ body: { code: await totpCode(secret) }, headers: withCookies(pending.headers), returnHeaders: true });
    expect((await listDocuments(workspace.slug, { headers: withCookies(verified.headers) })).status).toBe(200);
    expect((await listDocuments(workspace.slug, { token })).status).toBe(200);
  });

  it("leaves a workspace without the requirement alone, and tells strangers nothing", async () => {
    const { person, workspace } = await setup();
    const other = await setup();
    await requireTwoFactor(other.workspace.id);
    expect((await listDocuments(workspace.slug, person)).status).toBe(200);
    const stranger = await listDocuments(other.workspace.slug, person);
    expect(stranger.status).toBe(404);
  });
});

function withCookies(response: Headers): Headers {
  return new Headers({ ...HOST, cookie: response.getSetCookie().map((c) => c.split(";")[0]).join("; ") });
}
