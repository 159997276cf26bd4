import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appErrorOf } from "@test/app-errors";
import { signedInPerson } from "@test/auth-sessions";
import { startSmtpSink } from "@test/smtp-sink";
import { withTestDatabase } from "@test/test-database-hooks";
import type { Auth } from "@/server/auth/auth";
import { createAuth } from "@/server/auth/auth";
import { sessions, users } from "@/server/db/schema";
import { createSmtpMailer } from "@/server/mail/mailer";
import { ADDRESS_CONFIRMED_LOGIN_PATH } from "@/shared/address-confirmation";
import { changeEmail } from "./change-email";
import { resetPassword } from "./reset-password";

// With SMTP set up, an address counts as the account's once a link mailed to it was opened
// (docs/product.md "Account security"). QA: an account signed up with someone else's address signed
// in with its password without ever confirming it, and took that person's invitations.

const ORIGIN = "http://docs.example.com";
const SECRET = "test-secret-that-is-at-least-32-characters";
const CLIENT = { "x-quire-client-ip": "203.0.113.40" };
const database = withTestDatabase();
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let auth: Auth;
beforeAll(async () => {
  sink = await startSmtpSink();
  auth = createAuth({ db: database.db, secret: SECRET, publicUrl: ORIGIN, mailer: createSmtpMailer(sink.url, "Quire <quire@example.com>") });
});
afterAll(async () => {
  await sink.close();
});

const newAddress = () => `confirm-${Math.random().toString(36).slice(2, 10)}@example.com`;
const PASSWORD = "correct horse battery";

/** An account as better-auth's sign-up leaves it with a mailer: unconfirmed, nobody signed in. */
async function unconfirmedAccount(email = newAddress()): Promise<string> {
  await auth.api.signUpEmail({ body: { name: "Sam Squatter", email, password: PASSWORD }, headers: new Headers({ host: "docs.example.com", ...CLIENT }) });
  return email;
}

/** better-auth's own sign-in over HTTP, as the sign-in form's action and any script reach it. */
function signInOverHttp(email: string, password: string, client = CLIENT): Promise<Response> {
  return auth.handler(
    new Request(`${ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN, ...client },
      body: JSON.stringify({ email, password }),
    }),
  );
}

async function stored(email: string) {
  const [row] = await database.db.select({ id: users.id, email: users.email, emailVerified: users.emailVerified }).from(users).where(eq(users.email, email));
  return row;
}

/** The link of the newest email to `address` with `subject`, once it arrived. */
async function linkIn(address: string, subject: string, pattern: RegExp): Promise<string> {
  const find = () => sink.mailsTo(address).findLast((mail) => mail.includes(`Subject: ${subject}`));
  await expect.poll(find).toBeDefined();
  const link = pattern.exec(find() ?? "")?.[0];
  if (!link) throw new Error(`no link in the email "${subject}" to ${address}`);
  return link;
}

const VERIFY_LINK = /http:\/\/docs\.example\.com\/api\/auth\/verify-email\?token=[^\s"<]+/;

describe("signing in with an unconfirmed address, SMTP set up", () => {
  it("refuses the right password with 403 EMAIL_NOT_VERIFIED and mails a new link, which confirms the address and signs in", async () => {
    const email = await unconfirmedAccount();
    const refused = await signInOverHttp(email, PASSWORD);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code?: string }).code).toBe("EMAIL_NOT_VERIFIED");
    expect(refused.headers.getSetCookie().join("; ")).not.toMatch(/session_token=[^;]+/);

    const link = await linkIn(email, "Confirm your email address for Quire", VERIFY_LINK);
    expect(sink.mailsTo(email).at(-1)).toContain("If you never made a Quire account, don't open the link");
    const opened = await auth.handler(new Request(link, { headers: CLIENT }));
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/");
    expect(opened.headers.get("set-cookie")).toMatch(/better-auth\.session_token=/);
    expect((await stored(email))?.emailVerified).toBe(true);
    expect((await signInOverHttp(email, PASSWORD)).status).toBe(200);
  });

  it("answers a wrong password 401 as for any account, and mails nothing", async () => {
    const email = await unconfirmedAccount();
    const wrong = await signInOverHttp(email, "not the password", { "x-quire-client-ip": "203.0.113.41" });
    expect(wrong.status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.mailsTo(email)).toEqual([]);
  });

  it("confirms, but signs nobody in, through the link of an account with two-factor on: the password and the mailbox are not its second factor", async () => {
    const email = await unconfirmedAccount();
    await database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.email, email));
    expect((await signInOverHttp(email, PASSWORD, { "x-quire-client-ip": "203.0.113.42" })).status).toBe(403);
    const link = await linkIn(email, "Confirm your email address for Quire", VERIFY_LINK);
    const opened = await auth.handler(new Request(link, { headers: CLIENT }));
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe(ADDRESS_CONFIRMED_LOGIN_PATH);
    expect(opened.headers.getSetCookie().join("; ")).not.toMatch(/session_token=[^;]+/);
    const account = await stored(email);
    expect(account?.emailVerified).toBe(true);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, account?.id ?? ""))).toEqual([]);
  });

  it("lets a password sign in at once without a mailer, where nothing can confirm an address", async () => {
    const withoutMail = createAuth({ db: database.db, secret: SECRET });
    const email = newAddress();
    await withoutMail.api.signUpEmail({ body: { name: "No Mail", email, password: PASSWORD }, headers: new Headers(CLIENT) });
    expect((await stored(email))?.emailVerified).toBe(false);
    const { user } = await withoutMail.api.signInEmail({ body: { email, password: PASSWORD }, headers: new Headers(CLIENT) });
    expect(user.email).toBe(email);
  });
});

describe("what else confirms an address, SMTP set up", () => {
  it("a password reset: its link went to the address, so an account someone else made with it and never confirmed becomes the owner's", async () => {
    const email = await unconfirmedAccount();
    await auth.api.requestPasswordReset({ body: { email } });
    const link = await linkIn(email, "Reset your Quire password", /http:\/\/docs\.example\.com\/reset-password\?token=[A-Za-z0-9_-]+/);
    const token = new URL(link).searchParams.get("token") ?? "";
    await resetPassword({ db: database.db }, auth, { token, newPassword: "the owner's own password" });
    expect((await stored(email))?.emailVerified).toBe(true);
    expect((await signInOverHttp(email, "the owner's own password")).status).toBe(200);
    expect((await signInOverHttp(email, PASSWORD, { "x-quire-client-ip": "203.0.113.43" })).status).toBe(401);
  });

  it("the link that moves an account to a new address", async () => {
    const person = await signedInPerson(auth);
    const headers = new Headers({ host: "docs.example.com", origin: ORIGIN, ...CLIENT, cookie: person.headers.get("cookie") ?? "" });
    const newEmail = newAddress();
    expect(await changeEmail({ db: database.db, actor: person.actor }, { email: newEmail, currentPassword: person.password }, { auth, headers, mail: { origin: ORIGIN } })).toEqual({ status: "check_email", email: newEmail });
    const link = await linkIn(newEmail, "Confirm your new email address for Quire", VERIFY_LINK);
    expect((await auth.handler(new Request(link, { headers }))).status).toBe(302);
    expect(await stored(newEmail)).toEqual({ id: person.actor.id, email: newEmail, emailVerified: true });
  });

  it("not a move started by an account that never confirmed its old address: its session from before SMTP ends instead", async () => {
    // This test used to move such an account: its session acted on while its password no longer
    // signed in. It now ends at its first use (auth/unconfirmed-accounts.ts), sending nothing.
    const withoutMail = createAuth({ db: database.db, secret: SECRET });
    const oldEmail = newAddress();
    const signedUp = await withoutMail.api.signUpEmail({ body: { name: "Early Bird", email: oldEmail, password: PASSWORD }, headers: new Headers(CLIENT), returnHeaders: true });
    const headers = new Headers({ host: "docs.example.com", origin: ORIGIN, ...CLIENT, cookie: signedUp.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") });
    const { user } = signedUp.response;
    const actor = { id: user.id, name: user.name, email: user.email, color: String(user.color), twoFactorEnabled: false };

    const newEmail = newAddress();
    const refused = await appErrorOf(changeEmail({ db: database.db, actor }, { email: newEmail, currentPassword: PASSWORD }, { auth, headers, mail: { origin: ORIGIN } }));
    expect(refused.code).toBe("unauthenticated");
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.mailsTo(newEmail)).toEqual([]);
    expect(await stored(oldEmail)).toEqual({ id: user.id, email: oldEmail, emailVerified: false });
  });
});
