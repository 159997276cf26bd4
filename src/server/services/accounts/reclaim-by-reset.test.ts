import crypto from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { createEmailVerificationToken } from "better-auth/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInPerson } from "@test/auth-sessions";
import type { SignedInPerson } from "@test/auth-sessions";
import { buildWorkspace } from "@test/factories";
import { startSmtpSink } from "@test/smtp-sink";
import { withTestDatabase } from "@test/test-database-hooks";
import { totpCode } from "@test/totp";
import type { Auth } from "@/server/auth/auth";
import { createAuth } from "@/server/auth/auth";
import { authenticateApiToken } from "@/server/auth/authenticate-api-token";
import { workspaceSsoId } from "@/server/auth/sso-providers";
import type { Actor } from "@/server/context";
import { accounts, auditEvents, passkeys, sessions, twoFactors, users, verifications } from "@/server/db/schema";
import { createSmtpMailer } from "@/server/mail/mailer";
import { createApiToken } from "@/server/services/api-tokens/create-api-token";
import { EMAIL_CONFIRMED_PATH } from "./change-email";
import { confirmTwoFactor } from "./confirm-two-factor";
import { resetPassword } from "./reset-password";
import { startTwoFactorEnrolment } from "./start-two-factor-enrolment";

// docs/product.md "Account security": a password reset confirms the address, and an account whose
// address was unconfirmed until then may have been registered by someone else on it (a squatter).
// The reset reclaims it: whatever else signed in to it or acted for it goes. QA (left open): the
// squatter's passkeys and two-factor survived, and the docs told the owner to look over the page.

const ORIGIN = "http://docs.example.com";
const SECRET = "test-secret-that-is-at-least-32-characters";
const CLIENT = { host: "docs.example.com", origin: ORIGIN, "x-quire-client-ip": "203.0.113.80" };
const database = withTestDatabase();
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let auth: Auth;
// The same instance before SMTP_URL was set: where the squatter signed up and set things up.
let beforeSmtp: Auth;
beforeAll(async () => {
  sink = await startSmtpSink();
  auth = createAuth({ db: database.db, secret: SECRET, publicUrl: ORIGIN, mailer: createSmtpMailer(sink.url, "Quire <quire@example.com>") });
  beforeSmtp = createAuth({ db: database.db, secret: SECRET });
});
afterAll(async () => {
  await sink.close();
});

const RESET_LINK = /http:\/\/docs\.example\.com\/reset-password\?token=([A-Za-z0-9_-]+)/;

/** The newest email to `address` with `subject`, once it arrived. */
async function mailTo(address: string, subject: string): Promise<string> {
  const find = () => sink.mailsTo(address).findLast((mail) => mail.includes(`Subject: ${subject}`));
  await expect.poll(find).toBeDefined();
  return find() ?? "";
}

/** The owner of `email` asks for a reset and sets a new password through the emailed link. */
async function resetByMail(email: string, newPassword: string) {
  await auth.api.requestPasswordReset({ body: { email } });
  const token = RESET_LINK.exec(await mailTo(email, "Reset your Quire password"))?.[1] ?? "";
  return resetPassword({ db: database.db, clientIp: "198.51.100.77" }, auth, { token, newPassword });
}

/** Everything a person can set up on an account: two-factor, a passkey, a token, two provider links, a workspace. */
async function setUp(person: SignedInPerson, session: Auth) {
  const ctx = { db: database.db, actor: person.actor };
  const workspace = await buildWorkspace(database.db, [{ actor: person.actor, role: "owner" }]);
  const enrolment = await startTwoFactorEnrolment(ctx, { password: person.password }, { auth: session, headers: person.headers });
  await confirmTwoFactor(ctx, { code: await totpCode(enrolment.secret) }, { auth: session, headers: person.headers });
  await database.db.insert(passkeys).values({ id: crypto.randomUUID(), userId: person.actor.id, name: "Squatter's key", publicKey: "cHVibGlj", credentialID: `cred-${crypto.randomUUID()}`, counter: 0, deviceType: "singleDevice", backedUp: false });
  const { token } = await createApiToken(ctx, { workspaceId: workspace.id, name: "Exfiltrate", scope: "write" });
  const link = { accountId: `subject-${crypto.randomUUID()}`, userId: person.actor.id };
  await database.db.insert(accounts).values([
    { id: crypto.randomUUID(), ...link, providerId: "sso" },
    { id: crypto.randomUUID(), ...link, providerId: workspaceSsoId(workspace.id) },
  ]);
  return { workspace, secret: enrolment.secret, token };
}

/** An account signed up and signed in before SMTP was set up: its address unconfirmed. */
async function squatterOn(email: string): Promise<SignedInPerson> {
  const password = "the squatter's password";
  const { headers, response } = await beforeSmtp.api.signUpEmail({ body: { name: "Sam Squatter", email, password }, headers: new Headers(CLIENT), returnHeaders: true });
  const actor: Actor = { id: response.user.id, name: response.user.name, email, color: String(response.user.color), twoFactorEnabled: false };
  return { actor, password, headers: new Headers({ ...CLIENT, cookie: headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") }) };
}

const rowsOf = async (userId: string) => ({
  passkeys: await database.db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)),
  twoFactors: await database.db.select({ id: twoFactors.id }).from(twoFactors).where(eq(twoFactors.userId, userId)),
  providers: (await database.db.select({ providerId: accounts.providerId }).from(accounts).where(eq(accounts.userId, userId))).map((row) => row.providerId).sort(),
  sessions: await database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)),
  user: (await database.db.select({ email: users.email, emailVerified: users.emailVerified, twoFactorEnabled: users.twoFactorEnabled }).from(users).where(eq(users.id, userId)))[0],
});

describe("a reset of an account whose address wasn't proved", () => {
  it("reclaims it: the squatter's passkeys, two-factor, sign-in providers, tokens, sessions, pending sign-in and email change all go, and the log says so", async () => {
    const email = `victim-${crypto.randomBytes(4).toString("hex")}@example.com`;
    const squatter = await squatterOn(email);
    const { workspace, secret, token } = await setUp(squatter, beforeSmtp);
    // A password step the squatter passed: a sign-in waiting for its code.
    const pending = await beforeSmtp.api.signInEmail({ body: { email, password: squatter.password }, headers: new Headers(CLIENT), returnHeaders: true });
    const pendingHeaders = new Headers({ ...CLIENT, cookie: pending.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") });
    // A move to the squatter's own address, waiting for its link: the token better-auth's
    // changeEmail makes (an unconfirmed account's session could ask for one before SMTP sessions
    // of such accounts ended), signed, stored nowhere.
    const squattersOwn = `squatter-${crypto.randomBytes(4).toString("hex")}@example.com`;
    const moveToken = await createEmailVerificationToken(SECRET, email, squattersOwn, 24 * 3600, { requestType: "change-email-verification", userId: squatter.actor.id });
    const moveLink = `${ORIGIN}/api/auth/verify-email?token=${moveToken}&callbackURL=${encodeURIComponent(EMAIL_CONFIRMED_PATH)}`;

    const result = await resetByMail(email, "the owner's own password");
    expect(result).toEqual({ workspaceSignIns: 0, reclaimed: { passkeys: 1, twoFactor: true, apiTokens: 1, signInMethods: 2 } });

    expect(await rowsOf(squatter.actor.id)).toEqual({ passkeys: [], twoFactors: [], providers: ["credential"], sessions: [], user: { email, emailVerified: true, twoFactorEnabled: false } });
    expect(await authenticateApiToken(database.db, token)).toBeNull();
    expect(await database.db.select().from(verifications).where(and(like(verifications.identifier, "2fa-%"), eq(verifications.value, squatter.actor.id)))).toEqual([]);
    await expect(auth.api.verifyTOTP({ body: { code: await totpCode(secret) }, headers: pendingHeaders })).rejects.toMatchObject({ body: { code: "INVALID_TWO_FACTOR_COOKIE" } });
    const moved = await auth.handler(new Request(moveLink, { headers: CLIENT }));
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe(`${EMAIL_CONFIRMED_PATH}&error=INVALID_TOKEN`);
    expect((await rowsOf(squatter.actor.id)).user?.email).toBe(email);

    const [event] = await database.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, workspace.id), eq(auditEvents.kind, "account.reclaimed")));
    expect(event).toMatchObject({ actorId: squatter.actor.id, targetId: squatter.actor.id, targetLabel: email, ipAddress: "198.51.100.77", details: { passkeys: 1, twoFactor: true, apiTokens: 1, signInMethods: 2 } });

    // The owner signs in with the new password alone: no code is asked for any more.
    const signedIn = await auth.api.signInEmail({ body: { email, password: "the owner's own password" }, headers: new Headers(CLIENT) });
    expect(signedIn).toMatchObject({ user: { email } });
    expect(signedIn).not.toHaveProperty("twoFactorRedirect");
  });

  it("reclaims an account only other workspaces' sign-in providers vouched for, whatever they claimed about the address", async () => {
    // Made by a workspace's provider, whose identity provider anyone who creates a workspace runs:
    // it said the address was verified, and the account has no password of its own.
    const email = `provider-made-${crypto.randomBytes(4).toString("hex")}@example.com`;
    const id = crypto.randomUUID();
    await database.db.insert(users).values({ id, name: "Made Elsewhere", email, emailVerified: true, hasPassword: false });
    const theirs = await buildWorkspace(database.db, [{ actor: { id, name: "Made Elsewhere", email, color: "#4f46e5", twoFactorEnabled: false }, role: "owner" }]);
    await database.db.insert(accounts).values({ id: crypto.randomUUID(), accountId: "subject-at-their-idp", providerId: workspaceSsoId(theirs.id), userId: id });

    const result = await resetByMail(email, "the owner's own password");
    expect(result).toEqual({ workspaceSignIns: 0, reclaimed: { passkeys: 0, twoFactor: false, apiTokens: 0, signInMethods: 1 } });
    expect((await rowsOf(id)).providers).toEqual(["credential"]);
  });
});

describe("better-auth's reset endpoint over HTTP", () => {
  it("answers 404: a reset link works through its page only, which confirms the address and reclaims", async () => {
    const email = `api-reset-${crypto.randomBytes(4).toString("hex")}@example.com`;
    await squatterOn(email);
    await auth.api.requestPasswordReset({ body: { email } });
    const token = RESET_LINK.exec(await mailTo(email, "Reset your Quire password"))?.[1] ?? "";
    const answer = await auth.handler(new Request(`${ORIGIN}/api/auth/reset-password`, { method: "POST", headers: { ...CLIENT, "content-type": "application/json" }, body: JSON.stringify({ token, newPassword: "set around the page" }) }));
    expect(answer.status).toBe(404);
    // The link still works on its page.
    expect((await resetPassword({ db: database.db }, auth, { token, newPassword: "the owner's own password" })).reclaimed).toBeDefined();
  });
});

describe("a reset of an account whose address was confirmed", () => {
  it("changes the password and ends the sessions only: what its owner set up stays", async () => {
    const owner = await signedInPerson(auth);
    const { workspace, token } = await setUp(owner, auth);

    const result = await resetByMail(owner.actor.email, "a brand new passphrase");
    expect(result).toEqual({ workspaceSignIns: 1 });
    const rows = await rowsOf(owner.actor.id);
    expect(rows).toMatchObject({ sessions: [], providers: ["credential", workspaceSsoId(workspace.id), "sso"].sort(), user: { emailVerified: true, twoFactorEnabled: true } });
    expect(rows.passkeys).toHaveLength(1);
    expect(rows.twoFactors).toHaveLength(1);
    expect(await authenticateApiToken(database.db, token)).not.toBeNull();
    expect(await database.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, workspace.id), eq(auditEvents.kind, "account.reclaimed")))).toEqual([]);
  });
});
