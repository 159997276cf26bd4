import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { signedInPerson } from "@test/auth-sessions";
import type { Auth } from "@/server/auth/auth";
import { createAuth } from "@/server/auth/auth";
import { notifications, users } from "@/server/db/schema";
import { createInvitation } from "@/server/services/invitations/create-invitation";
import { buildUser, buildWorkspace, contextFor } from "@test/factories";
import { ChangeEmailSchema } from "@/shared/schemas/profile";
import { EMAIL_FROM_PROVIDER_MESSAGE } from "@/shared/passwordless";
import { changeEmail, EMAIL_IN_USE_MESSAGE, SAME_EMAIL_MESSAGE, WRONG_PASSWORD_MESSAGE } from "./change-email";
import { appErrorOf } from "@test/app-errors";
import { withTestDatabase } from "@test/test-database-hooks";

// Without SMTP (no mailer): the address changes at once, after the current password.

const database = withTestDatabase();
let auth: Auth;
beforeAll(async () => {
  auth = createAuth({ db: database.db, secret: "test-secret-that-is-at-least-32-characters" });
});

const newAddress = () => `new-${Math.random().toString(36).slice(2, 10)}@example.com`;

async function storedEmail(id: string) {
  const [row] = await database.db.select({ email: users.email, emailVerified: users.emailVerified }).from(users).where(eq(users.id, id));
  return row;
}

describe("changeEmail without a mailer", () => {
  it("changes the address at once after the right password, unverified, and signs in with it", async () => {
    const person = await signedInPerson(auth);
    const email = newAddress();
    const result = await changeEmail({ db: database.db, actor: person.actor }, { email, currentPassword: person.password }, { auth, headers: person.headers, mail: null });
    expect(result).toEqual({ status: "changed", email });
    expect(await storedEmail(person.actor.id)).toEqual({ email, emailVerified: false });
    expect((await auth.api.getSession({ headers: person.headers }))?.user.email).toBe(email);
    const signIn = await auth.api.signInEmail({ body: { email, password: person.password }, headers: new Headers({ "x-quire-client-ip": "203.0.113.21" }) });
    expect(signIn.user.id).toBe(person.actor.id);
  });

  // QA: changed at once to someone else's address, an account was handed the invitations sent to it.
  it("leaves a new address unconfirmed however confirmed the old one was, so no invitation to it reaches the account in the app", async () => {
    const person = await signedInPerson(auth);
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, person.actor.id));
    const victim = newAddress();
    await changeEmail({ db: database.db, actor: person.actor }, { email: victim, currentPassword: person.password }, { auth, headers: person.headers, mail: null });
    expect(await storedEmail(person.actor.id)).toEqual({ email: victim, emailVerified: false });

    const owner = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
    await createInvitation(contextFor(database.db, owner), { workspaceId: workspace.id, email: victim, role: "admin" });
    expect(await database.db.select().from(notifications).where(eq(notifications.userId, person.actor.id))).toEqual([]);
  });

  it("refuses a wrong password and changes nothing", async () => {
    const person = await signedInPerson(auth);
    const error = await appErrorOf(
      changeEmail({ db: database.db, actor: person.actor }, { email: newAddress(), currentPassword: "not the password" }, { auth, headers: person.headers, mail: null }),
    );
    expect(error.fields).toEqual({ currentPassword: WRONG_PASSWORD_MESSAGE });
    expect((await storedEmail(person.actor.id))?.email).toBe(person.actor.email);
  });

  it("refuses an account without a password (single sign-on made it) with why, and changes nothing", async () => {
    const person = await signedInPerson(auth);
    const actor = { ...person.actor, passwordless: true };
    const error = await appErrorOf(changeEmail({ db: database.db, actor }, { email: newAddress(), currentPassword: "anything" }, { auth, headers: person.headers, mail: null }));
    expect([error.code, error.message]).toEqual(["conflict", EMAIL_FROM_PROVIDER_MESSAGE]);
    expect((await storedEmail(person.actor.id))?.email).toBe(person.actor.email);
  });

  it("refuses an address another account uses, and the account's own", async () => {
    const person = await signedInPerson(auth);
    const other = await signedInPerson(auth);
    const ctx = { db: database.db, actor: person.actor };
    const session = { auth, headers: person.headers, mail: null };
    const taken = await appErrorOf(changeEmail(ctx, { email: other.actor.email, currentPassword: person.password }, session));
    expect(taken.fields).toEqual({ email: EMAIL_IN_USE_MESSAGE });
    const same = await appErrorOf(changeEmail(ctx, { email: person.actor.email, currentPassword: person.password }, session));
    expect(same.fields).toEqual({ email: SAME_EMAIL_MESSAGE });
    expect((await storedEmail(person.actor.id))?.email).toBe(person.actor.email);
  });

  it("checks the address and the password's presence in the schema (lower-cased, as sign-up stores it)", () => {
    expect(ChangeEmailSchema.parse({ email: " Ada@Example.COM ", currentPassword: "x" })).toEqual({ email: "ada@example.com", currentPassword: "x" });
    const fields = (input: object) => ChangeEmailSchema.safeParse(input).error?.issues.map((issue) => issue.path.join("."));
    expect(fields({ email: "not an address", currentPassword: "x" })).toEqual(["email"]);
    expect(fields({ email: "", currentPassword: "" })).toEqual(["email", "currentPassword"]);
  });

  it("counts wrong passwords with the account's sign-ins: past 10 from one address, even the right one waits", async () => {
    const person = await signedInPerson(auth);
    const ctx = { db: database.db, actor: person.actor };
    const session = { auth, headers: person.headers, mail: null };
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await appErrorOf(changeEmail(ctx, { email: newAddress(), currentPassword: `guess ${attempt}` }, session))).code).toBe("validation_failed");
    }
    const limited = await appErrorOf(changeEmail(ctx, { email: newAddress(), currentPassword: person.password }, session));
    expect(limited.code).toBe("rate_limited");
    expect(limited.message).toMatch(/^Too many sign-in attempts\. Try again in \d+ minutes\.$/);
    expect(limited.headers?.["Retry-After"]).toMatch(/^\d+$/);
    expect((await storedEmail(person.actor.id))?.email).toBe(person.actor.email);
  });

  it("is refused over HTTP, where it would skip the password", async () => {
    const person = await signedInPerson(auth);
    const response = await auth.handler(
      new Request("http://localhost:3000/api/auth/change-email", {
        method: "POST",
        headers: { cookie: person.headers.get("cookie") ?? "", origin: "http://localhost:3000", "content-type": "application/json" },
        body: JSON.stringify({ newEmail: newAddress() }),
      }),
    );
    expect(response.status).toBe(404);
    expect((await storedEmail(person.actor.id))?.email).toBe(person.actor.email);
  });
});
