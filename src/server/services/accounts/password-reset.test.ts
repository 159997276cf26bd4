import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInPerson } from "@test/auth-sessions";
import { appErrorOf } from "@test/app-errors";
import { startSmtpSink } from "@test/smtp-sink";
import type { Auth } from "@/server/auth/auth";
import { createAuth } from "@/server/auth/auth";
import { workspaceSsoId } from "@/server/auth/sso-providers";
import { accounts } from "@/server/db/schema";
import { buildWorkspace } from "@test/factories";
import { createSmtpMailer } from "@/server/mail/mailer";
import { RequestPasswordResetSchema, ResetPasswordSchema } from "@/shared/schemas/security";
import { PasswordResetLimiter, RESET_REQUESTS_PER_ADDRESS } from "./internal/password-reset-limiter";
import { requestPasswordReset } from "./request-password-reset";
import { INVALID_RESET_LINK_MESSAGE, resetPassword } from "./reset-password";
import { withTestDatabase } from "@test/test-database-hooks";

// "Forgot password?" with SMTP set up: a one-use link on PUBLIC_URL, the same answer
// for every address (docs/product.md "Validation"), and every session signed out after.

const ORIGIN = "http://docs.example.com";
const NEW_PASSWORD = "a brand new passphrase";
const database = withTestDatabase();
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let auth: Auth;
beforeAll(async () => {
  sink = await startSmtpSink();
  auth = createAuth({ db: database.db, secret: "test-secret-that-is-at-least-32-characters", publicUrl: ORIGIN, mailer: createSmtpMailer(sink.url, "Quire <quire@example.com>") });
});
afterAll(async () => {
  await sink.close();
});

function mailsTo(address: string): string[] {
  return sink.mailsTo(address);
}

function resetToken(body: string | undefined): string {
  const link = /http:\/\/docs\.example\.com\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(body ?? "");
  expect(link).not.toBeNull();
  return link?.[1] ?? "";
}

async function canSignIn(email: string, password: string): Promise<boolean> {
  return auth.api.signInEmail({ body: { email, password }, headers: new Headers({ "x-quire-client-ip": "198.51.100.99" }) }).then(
    () => true,
    () => false,
  );
}

const from = { ip: "198.51.100.1" };

describe("password reset by email", () => {
  it("emails a link to the reset page on PUBLIC_URL; it sets the password once and signs every session out", async () => {
    const person = await signedInPerson(auth);
    await requestPasswordReset(auth, { email: person.actor.email }, from, true, new PasswordResetLimiter());
    // Sent without waiting (auth/auth-mail-senders.ts), so that the answer takes as long for an address without an account.
    await expect.poll(() => mailsTo(person.actor.email).length).toBe(1);
    const [body] = mailsTo(person.actor.email);
    expect(body).toMatch(/Subject: Reset your Quire password/);
    const token = resetToken(body);

    expect(await resetPassword({ db: database.db }, auth, { token, newPassword: NEW_PASSWORD })).toEqual({ workspaceSignIns: 0 });
    expect(await canSignIn(person.actor.email, person.password)).toBe(false);
    expect(await canSignIn(person.actor.email, NEW_PASSWORD)).toBe(true);
    expect(await auth.api.getSession({ headers: person.headers })).toBeNull();

    const again = await appErrorOf(resetPassword({ db: database.db }, auth, { token, newPassword: "yet another passphrase" }));
    expect(again.fields).toEqual({ _: INVALID_RESET_LINK_MESSAGE });
    expect(await canSignIn(person.actor.email, NEW_PASSWORD)).toBe(true);
  });

  it("answers an address without an account exactly alike, and sends nothing", async () => {
    const address = `nobody-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const person = await signedInPerson(auth);
    await expect(requestPasswordReset(auth, { email: address }, from, true, new PasswordResetLimiter())).resolves.toBeUndefined();
    // One that has an account is asked for after it, so its email arriving means the other's would have too.
    await requestPasswordReset(auth, { email: person.actor.email }, from, true, new PasswordResetLimiter());
    await expect.poll(() => mailsTo(person.actor.email).length).toBe(1);
    expect(mailsTo(address)).toEqual([]);
  });

  it("refuses a token that names nothing, and a password the rules refuse", async () => {
    const invalid = await appErrorOf(resetPassword({ db: database.db }, auth, { token: "not-a-token", newPassword: NEW_PASSWORD }));
    expect(invalid.fields).toEqual({ _: INVALID_RESET_LINK_MESSAGE });
    const person = await signedInPerson(auth);
    await requestPasswordReset(auth, { email: person.actor.email }, from, true, new PasswordResetLimiter());
    await expect.poll(() => mailsTo(person.actor.email).length).toBe(1);
    const token = resetToken(mailsTo(person.actor.email)[0]);
    const fields = (input: object) => ResetPasswordSchema.safeParse(input).error?.issues.map((issue) => issue.path.join("."));
    expect(fields({ token, newPassword: "short" })).toEqual(["newPassword"]);
    expect(fields({ token: "", newPassword: NEW_PASSWORD })).toEqual(["token"]);
    expect(RequestPasswordResetSchema.safeParse({ email: "not an address" }).success).toBe(false);
    expect(RequestPasswordResetSchema.parse({ email: " Ada@Example.COM " })).toEqual({ email: "ada@example.com" });
    // The link still works: a refused attempt used nothing up.
    await resetPassword({ db: database.db }, auth, { token, newPassword: NEW_PASSWORD });
    expect(await canSignIn(person.actor.email, NEW_PASSWORD)).toBe(true);
  });

  it("says how many workspaces' own sign-in providers also sign in to the account, for the page to send the person on to review them", async () => {
    const person = await signedInPerson(auth);
    const workspace = await buildWorkspace(database.db, []);
    const row = { accountId: "subject-at-the-provider", providerId: workspaceSsoId(workspace.id), userId: person.actor.id };
    await database.db.insert(accounts).values([
      { id: crypto.randomUUID(), ...row },
      // The instance's provider is the operator's: not counted.
      { id: crypto.randomUUID(), ...row, providerId: "sso" },
    ]);
    await requestPasswordReset(auth, { email: person.actor.email }, from, true, new PasswordResetLimiter());
    await expect.poll(() => mailsTo(person.actor.email).length).toBe(1);
    expect(await resetPassword({ db: database.db }, auth, { token: resetToken(mailsTo(person.actor.email)[0]), newPassword: NEW_PASSWORD })).toEqual({ workspaceSignIns: 1 });
  });

  it(`limits each address to ${RESET_REQUESTS_PER_ADDRESS} requests an hour, accounts or not, from any client`, async () => {
    const person = await signedInPerson(auth);
    const limiter = new PasswordResetLimiter();
    for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS; i++) await requestPasswordReset(auth, { email: person.actor.email }, { ip: `198.51.100.${10 + i}` }, true, limiter);
    const limited = await appErrorOf(requestPasswordReset(auth, { email: person.actor.email }, { ip: "198.51.100.50" }, true, limiter));
    expect(limited.code).toBe("rate_limited");
    expect(limited.message).toMatch(/^Too many reset requests\. Try again in \d+ minutes?\.$/);
    expect(limited.headers?.["Retry-After"]).toMatch(/^\d+$/);
    await expect.poll(() => mailsTo(person.actor.email).length).toBe(RESET_REQUESTS_PER_ADDRESS);
    const nobody = "nobody-limited@example.com";
    for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS; i++) await requestPasswordReset(auth, { email: nobody }, { ip: "198.51.100.60" }, true, limiter);
    expect((await appErrorOf(requestPasswordReset(auth, { email: nobody }, { ip: "198.51.100.60" }, true, limiter))).code).toBe("rate_limited");
  });

  it("says this server can't send email when there is no mailer", async () => {
    const person = await signedInPerson(auth);
    const error = await appErrorOf(requestPasswordReset(auth, { email: person.actor.email }, from, false));
    expect(error.code).toBe("unavailable");
    expect(error.message).toMatch(/can't send email/);
  });

  it("is refused over HTTP, where it would skip the limit", async () => {
    const response = await auth.handler(
      new Request("http://localhost:3000/api/auth/request-password-reset", {
        method: "POST",
        headers: { origin: "http://localhost:3000", "content-type": "application/json" },
        body: JSON.stringify({ email: "someone@example.com" }),
      }),
    );
    expect(response.status).toBe(404);
  });
});
