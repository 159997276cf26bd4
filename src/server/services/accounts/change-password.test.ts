import { beforeAll, describe, expect, it } from "vitest";
import { signedInPerson, signIn } from "@test/auth-sessions";
import { appErrorOf } from "@test/app-errors";
import { withTestDatabase } from "@test/test-database-hooks";
import type { Auth } from "@/server/auth/auth";
import { createAuth } from "@/server/auth/auth";
import { ChangePasswordSchema } from "@/shared/schemas/security";
import { WRONG_PASSWORD_MESSAGE } from "./change-email";
import { and, eq } from "drizzle-orm";
import { accounts } from "@/server/db/schema";
import { changePassword, NO_PASSWORD_MESSAGE, SAME_PASSWORD_MESSAGE } from "./change-password";

const NEW_PASSWORD = "a brand new passphrase";

const database = withTestDatabase();
let auth: Auth;
beforeAll(() => {
  auth = createAuth({ db: database.db, secret: "test-secret-that-is-at-least-32-characters" });
});

async function canSignIn(email: string, password: string): Promise<boolean> {
  return auth.api.signInEmail({ body: { email, password }, headers: new Headers({ "x-quire-client-ip": "198.51.100.99" }) }).then(
    () => true,
    () => false,
  );
}

describe("changePassword", () => {
  it("changes the password after the current one: the old one stops working, other sessions stay when asked", async () => {
    const person = await signedInPerson(auth);
    const other = await signIn(auth, person.actor.email, person.password);
    const ctx = { db: database.db, actor: person.actor };
    const result = await changePassword(ctx, { currentPassword: person.password, newPassword: NEW_PASSWORD, signOutOthers: false }, { auth, headers: person.headers });
    expect(result).toEqual({ signedOutOthers: false });
    expect(await canSignIn(person.actor.email, person.password)).toBe(false);
    expect(await canSignIn(person.actor.email, NEW_PASSWORD)).toBe(true);
    expect(await auth.api.getSession({ headers: other.headers })).not.toBeNull();
    expect(await auth.api.getSession({ headers: person.headers })).not.toBeNull();
  });

  it("with signOutOthers, ends every other session and keeps this one", async () => {
    const person = await signedInPerson(auth);
    const other = await signIn(auth, person.actor.email, person.password);
    const ctx = { db: database.db, actor: person.actor };
    await changePassword(ctx, { currentPassword: person.password, newPassword: NEW_PASSWORD, signOutOthers: true }, { auth, headers: person.headers });
    expect(await auth.api.getSession({ headers: other.headers })).toBeNull();
    expect(await auth.api.getSession({ headers: person.headers })).not.toBeNull();
    expect(await canSignIn(person.actor.email, NEW_PASSWORD)).toBe(true);
  });

  it("refuses a wrong current password, and the same password again, changing nothing", async () => {
    const person = await signedInPerson(auth);
    const ctx = { db: database.db, actor: person.actor };
    const session = { auth, headers: person.headers };
    const wrong = await appErrorOf(changePassword(ctx, { currentPassword: "not the password", newPassword: NEW_PASSWORD, signOutOthers: false }, session));
    expect(wrong.fields).toEqual({ currentPassword: WRONG_PASSWORD_MESSAGE });
    const same = await appErrorOf(changePassword(ctx, { currentPassword: person.password, newPassword: person.password, signOutOthers: false }, session));
    expect(same.fields).toEqual({ newPassword: SAME_PASSWORD_MESSAGE });
    expect(await canSignIn(person.actor.email, person.password)).toBe(true);
  });

  it("counts wrong current passwords with the account's sign-ins: past 10 from one address, even the right one waits", async () => {
    const person = await signedInPerson(auth);
    const ctx = { db: database.db, actor: person.actor };
    const session = { auth, headers: person.headers };
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await appErrorOf(changePassword(ctx, { currentPassword: `guess ${attempt}`, newPassword: NEW_PASSWORD, signOutOthers: false }, session))).code).toBe("validation_failed");
    }
    const limited = await appErrorOf(changePassword(ctx, { currentPassword: person.password, newPassword: NEW_PASSWORD, signOutOthers: false }, session));
    expect(limited.code).toBe("rate_limited");
    expect(limited.message).toMatch(/^Too many sign-in attempts\. Try again in \d+ minutes\.$/);
    expect(limited.headers?.["Retry-After"]).toMatch(/^\d+$/);
    // The sign-in form from the same address is refused too: they are one count.
    const signInFromThere = await auth.api
      .signInEmail({ body: { email: person.actor.email, password: person.password }, headers: new Headers({ "x-quire-client-ip": "203.0.113.20" }) })
      .then(() => 200, (e: { statusCode?: number }) => e.statusCode);
    expect(signInFromThere).toBe(429);
  });

  it("counts wrong passwords sent to better-auth's own /api/auth/change-password too", async () => {
    const person = await signedInPerson(auth);
    const send = (currentPassword: string) =>
      auth.handler(
        new Request("http://localhost:3000/api/auth/change-password", {
          method: "POST",
          headers: { cookie: person.headers.get("cookie") ?? "", origin: "http://localhost:3000", "content-type": "application/json", "x-quire-client-ip": "203.0.113.20" },
          body: JSON.stringify({ currentPassword, newPassword: NEW_PASSWORD }),
        }),
      );
    for (let attempt = 0; attempt < 10; attempt++) expect((await send(`guess ${attempt}`)).status).toBe(400);
    expect((await send(person.password)).status).toBe(429);
  });

  it("says an account without a password (made by single sign-on) has none, instead of failing", async () => {
    const person = await signedInPerson(auth);
    const ctx = { db: database.db, actor: person.actor };
    // What an account single sign-on made looks like: no credential row.
    await database.db.delete(accounts).where(and(eq(accounts.userId, person.actor.id), eq(accounts.providerId, "credential")));
    const refused = await appErrorOf(changePassword(ctx, { currentPassword: "anything at all", newPassword: NEW_PASSWORD, signOutOthers: false }, { auth, headers: person.headers }));
    expect(refused.code).toBe("validation_failed");
    expect(refused.fields).toEqual({ currentPassword: NO_PASSWORD_MESSAGE });
    expect(await auth.api.getSession({ headers: person.headers })).not.toBeNull();
  });

  it("applies sign-up's rules to the new password in the schema", () => {
    const fields = (input: object) => ChangePasswordSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(fields({ currentPassword: "x", newPassword: "short", signOutOthers: false })).toEqual([["newPassword", "Use at least 8 characters."]]);
    expect(fields({ currentPassword: "x", newPassword: "y".repeat(129), signOutOthers: false })).toEqual([["newPassword", "Use at most 128 characters."]]);
    expect(fields({ currentPassword: "", newPassword: NEW_PASSWORD, signOutOthers: false })).toEqual([["currentPassword", "Enter your current password."]]);
    expect(fields({ currentPassword: "x", newPassword: NEW_PASSWORD })?.[0]?.[0]).toBe("signOutOthers");
  });
});
