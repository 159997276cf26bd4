import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { signedInPerson } from "@test/auth-sessions";
import { withTestDatabase } from "@test/test-database-hooks";
import type { Auth } from "@/server/auth/auth";
import { createAuth } from "@/server/auth/auth";
import { accounts, users } from "@/server/db/schema";

// users.has_password follows the accounts better-auth makes, changes and removes (auth-database-hooks.ts's account
// hooks), through better-auth's own internal adapter: the calls its sign-up, single sign-on
// callback and password reset make.
const database = withTestDatabase();
let auth: Auth;
beforeAll(() => {
  auth = createAuth({ db: database.db, secret: "test-secret-that-is-at-least-32-characters" });
});

async function hasPassword(userId: string): Promise<boolean | undefined> {
  const [row] = await database.db.select({ hasPassword: users.hasPassword }).from(users).where(eq(users.id, userId));
  return row?.hasPassword;
}

describe("users.has_password", () => {
  it("is true after a sign-up with a password, and the session's user says so", async () => {
    const person = await signedInPerson(auth);
    expect(await hasPassword(person.actor.id)).toBe(true);
    const session = await auth.api.getSession({ headers: person.headers });
    expect(session?.user.hasPassword).toBe(true);
  });

  it("is false for an account single sign-on makes, true once it gets a password, and false again without one", async () => {
    const { internalAdapter, password } = await auth.$context;
    const made = await internalAdapter.createOAuthUser(
      { email: `sso-${crypto.randomUUID().slice(0, 8)}@example.com`, name: "Signs in through SSO", emailVerified: true },
      { providerId: "sso", accountId: "subject-1" },
    );
    expect(await hasPassword(made.user.id)).toBe(false);

    // What a password reset link does for an account without a credential one (better-auth's resetCredentialPassword).
    const credential = await internalAdapter.createAccount({ userId: made.user.id, providerId: "credential", accountId: made.user.id, password: await password.hash("a new passphrase") });
    expect(await hasPassword(made.user.id)).toBe(true);

    await internalAdapter.deleteAccount(credential.id);
    expect(await hasPassword(made.user.id)).toBe(false);
    expect(await database.db.select({ providerId: accounts.providerId }).from(accounts).where(eq(accounts.userId, made.user.id))).toEqual([{ providerId: "sso" }]);
  });

  it("stays true when single sign-on is linked to an account that has a password", async () => {
    const person = await signedInPerson(auth);
    const { internalAdapter } = await auth.$context;
    await internalAdapter.linkAccount({ userId: person.actor.id, providerId: "sso", accountId: "subject-2" });
    expect(await hasPassword(person.actor.id)).toBe(true);
  });

  it("can't be set by its owner through better-auth's update-user (it would lift a workspace's two-factor requirement)", async () => {
    const person = await signedInPerson(auth);
    const headers = new Headers(person.headers);
    headers.set("origin", "http://localhost:3000");
    headers.set("content-type", "application/json");
    const response = await auth.handler(new Request("http://localhost:3000/api/auth/update-user", { method: "POST", headers, body: JSON.stringify({ hasPassword: false }) }));
    expect(response.status).toBe(400);
    expect(await hasPassword(person.actor.id)).toBe(true);
  });

  it("can't be turned false by unlinking the password over HTTP: /unlink-account is off", async () => {
    const person = await signedInPerson(auth);
    const { internalAdapter } = await auth.$context;
    await internalAdapter.linkAccount({ userId: person.actor.id, providerId: "sso", accountId: `subject-${person.actor.id}` });
    const headers = new Headers(person.headers);
    headers.set("origin", "http://localhost:3000");
    headers.set("content-type", "application/json");
    const response = await auth.handler(new Request("http://localhost:3000/api/auth/unlink-account", { method: "POST", headers, body: JSON.stringify({ providerId: "credential" }) }));
    expect(response.status).toBe(404);
    expect(await hasPassword(person.actor.id)).toBe(true);
    expect(await internalAdapter.findCredentialAccount(person.actor.id)).not.toBeNull();
  });

  it("turns false for a live session's user once its password account is gone", async () => {
    const person = await signedInPerson(auth);
    const { internalAdapter } = await auth.$context;
    const credential = await internalAdapter.findCredentialAccount(person.actor.id);
    if (!credential) throw new Error("sign-up made no credential account");
    await internalAdapter.deleteAccount(credential.id);
    const session = await auth.api.getSession({ headers: person.headers });
    expect(session?.user.hasPassword).toBe(false);
  });
});
