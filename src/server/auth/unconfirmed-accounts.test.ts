import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { signedInPerson } from "@test/auth-sessions";
import { buildWorkspace } from "@test/factories";
import { TEST_AUTH_SECRET, withRouteSingletons } from "@test/route-singletons";
import { withTestDatabase } from "@test/test-database-hooks";
import { appErrorOf } from "@test/app-errors";
import { sessions, users } from "@/server/db/schema";
import { requireApiContext } from "@/server/http/require-api-actor";
import type { Mailer } from "@/server/mail/mailer";
import { createApiToken } from "@/server/services/api-tokens/create-api-token";
import { UNCONFIRMED_SESSION_MESSAGE, UNCONFIRMED_TOKEN_MESSAGE } from "@/shared/address-confirmation";
import type { Auth } from "./auth";
import { createAuth } from "./auth";
import { resolveCaller } from "./resolve-caller";
import { UNCONFIRMED_SESSION_CODE } from "./unconfirmed-accounts";

// With SMTP set up, an account whose address isn't confirmed (and that has a password) acts through
// nothing until it confirms it (docs/configuration.md "Email"). QA (left open): a session such an
// account had from before SMTP was set up carried on, though its password no longer signed in.

const ORIGIN = "http://docs.example.com";
const CLIENT = { host: "docs.example.com", origin: ORIGIN, "x-quire-client-ip": "203.0.113.70" };
// Email leaves the process: kept here instead of sent.
const mailer: Mailer = { send: async () => {} };
const database = withTestDatabase();
const routes = withRouteSingletons(database, { mailer: () => mailer }, { publicUrl: ORIGIN, mailer });
// The same instance before SMTP_URL was set: sign-up signs in, and nothing confirms an address.
let beforeSmtp: Auth;
beforeAll(() => {
  beforeSmtp = createAuth({ db: database.db, secret: TEST_AUTH_SECRET });
});

/** An account made, and signed in, before SMTP was set up: its address unconfirmed, its session live. */
async function earlyAccount(label: string): Promise<{ id: string; email: string; password: string; headers: Headers }> {
  const email = `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const password = "correct horse battery";
  const { headers, response } = await beforeSmtp.api.signUpEmail({ body: { name: "Early Bird", email, password }, headers: new Headers(CLIENT), returnHeaders: true });
  const cookie = headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  return { id: response.user.id, email, password, headers: new Headers({ ...CLIENT, cookie }) };
}

const sessionsOf = async (userId: string) => database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));

describe("sessions of unconfirmed accounts, SMTP set up", () => {
  it("ends the session at its first use, and says why: pages, actions, the API and the socket resolve it so", async () => {
    const early = await earlyAccount("early");
    expect(await sessionsOf(early.id)).toHaveLength(1);

    expect(await resolveCaller(early.headers, { acceptTokens: false })).toEqual({ kind: "anonymous", ended: "unconfirmed" });
    expect(await sessionsOf(early.id)).toEqual([]);
    // Ended for good: the cookie names nothing now.
    expect(await resolveCaller(early.headers, { acceptTokens: true })).toEqual({ kind: "anonymous" });

    const another = await earlyAccount("early-api");
    const refused = await appErrorOf(requireApiContext(new NextRequest(`${ORIGIN}/api/v1/documents`, { headers: another.headers })));
    expect({ code: refused.code, message: refused.message }).toEqual({ code: "unauthenticated", message: UNCONFIRMED_SESSION_MESSAGE });
  });

  it("ends it at better-auth's own endpoints too, which then change nothing", async () => {
    const early = await earlyAccount("early-http");
    const call = (path: string, body?: unknown) =>
      routes.auth.handler(
        new Request(`${ORIGIN}/api/auth${path}`, {
          method: body === undefined ? "GET" : "POST",
          headers: { ...Object.fromEntries(early.headers), "content-type": "application/json" },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      );
    const changed = await call("/change-password", { currentPassword: early.password, newPassword: "a password of their own", revokeOtherSessions: false });
    expect(changed.status).toBe(401);
    expect(((await changed.json()) as { code?: string }).code).toBe(UNCONFIRMED_SESSION_CODE);
    expect(await sessionsOf(early.id)).toEqual([]);
    // The password is as it was: before SMTP, where it still signs in, it is the old one.
    await expect(beforeSmtp.api.signInEmail({ body: { email: early.email, password: early.password }, headers: new Headers(CLIENT) })).resolves.toBeDefined();

    const again = await earlyAccount("early-read");
    const read = await routes.auth.handler(new Request(`${ORIGIN}/api/auth/get-session`, { headers: again.headers }));
    expect(read.status).toBe(401);
    expect(((await read.json()) as { code?: string }).code).toBe(UNCONFIRMED_SESSION_CODE);
    expect(await sessionsOf(again.id)).toEqual([]);
  });

  it("leaves the sessions of confirmed accounts, and of accounts single sign-on made (no password), alone", async () => {
    const confirmed = await signedInPerson(routes.auth);
    expect((await resolveCaller(confirmed.headers, { acceptTokens: false })).kind).toBe("session");

    const fromProvider = await earlyAccount("sso-made");
    await database.db.update(users).set({ hasPassword: false }).where(eq(users.id, fromProvider.id));
    expect((await resolveCaller(fromProvider.headers, { acceptTokens: false })).kind).toBe("session");
    expect(await sessionsOf(fromProvider.id)).toHaveLength(1);
  });

  it("makes no new session for an unconfirmed account, whatever way in asks (a passkey's is not refused before)", async () => {
    const early = await earlyAccount("early-passkey");
    const { internalAdapter } = await routes.auth.$context;
    const made = internalAdapter.createSession(early.id);
    await expect(made).rejects.toMatchObject({ body: { code: "EMAIL_NOT_VERIFIED" } });
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, early.id));
    await expect(internalAdapter.createSession(early.id)).resolves.toMatchObject({ userId: early.id });
  });

  it("signs in an account single sign-on has just made, whatever its provider says of the address: it has no password", async () => {
    const { internalAdapter } = await routes.auth.$context;
    const subject = Math.random().toString(36).slice(2, 10);
    const { user } = await internalAdapter.createOAuthUser({ name: "From The Provider", email: `sso-${subject}@example.com`, emailVerified: false }, { providerId: "sso", accountId: subject });
    await expect(internalAdapter.createSession(user.id)).resolves.toMatchObject({ userId: user.id });
  });
});

describe("API tokens of unconfirmed accounts, SMTP set up", () => {
  it("refuses them, saying why, and takes them back unrevoked once the address is confirmed", async () => {
    const early = await earlyAccount("early-token");
    const actor = { id: early.id, name: "Early Bird", email: early.email, color: "#4f46e5", twoFactorEnabled: false };
    const workspace = await buildWorkspace(database.db, [{ actor, role: "owner" }]);
    const { token } = await createApiToken({ db: database.db, actor }, { workspaceId: workspace.id, name: "CI", scope: "read" });
    const bearer = new Headers({ ...CLIENT, authorization: `Bearer ${token}` });

    expect(await resolveCaller(bearer, { acceptTokens: true })).toEqual({ kind: "invalid_token", unconfirmed: true });
    const request = () => new NextRequest(`${ORIGIN}/api/v1/documents`, { headers: bearer });
    const refused = await appErrorOf(requireApiContext(request()));
    expect({ code: refused.code, message: refused.message }).toEqual({ code: "unauthenticated", message: UNCONFIRMED_TOKEN_MESSAGE });

    await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, early.id));
    expect((await requireApiContext(request())).grant?.workspaceId).toBe(workspace.id);
  });
});
