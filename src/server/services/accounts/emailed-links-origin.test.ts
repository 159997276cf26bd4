import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink } from "@test/smtp-sink";
import type { SmtpSink } from "@test/smtp-sink";
import { createAuth } from "@/server/auth/auth";
import type { Env } from "@/server/env";
import { getEnv } from "@/server/env";
import { mailLinkOrigin } from "@/server/mail/mail-link-origin";
import { createSmtpMailer, getMailer } from "@/server/mail/mailer";
import { clearProcessSingleton } from "@/server/process-singleton";
import { PasswordResetLimiter } from "./internal/password-reset-limiter";
import { requestPasswordReset } from "./request-password-reset";
import { signUp } from "./sign-up";
import { withTestDatabase } from "@test/test-database-hooks";

// QA (admin report, 2): with SMTP set up and no PUBLIC_URL, a "Forgot password?" request sent by
// a client that is not a browser, with `Host: evil.example` and `Origin: http://evil.example`,
// mailed the victim a genuine link to http://evil.example/reset-password?token=…, and a sign-up
// with a taken address mailed its owner http://evil.example/login. Emailed links are now built on
// PUBLIC_URL only, which SMTP_URL requires. These run the pieces the forms' actions run, built
// from the process's settings as getAuth and getMailer build them, against the real database
// and the SMTP sink.

const PUBLIC_URL = "http://docs.example.com";
const SECRET = "test-secret-that-is-at-least-32-characters";
/** What a forging client sends: its own Host, proxy headers and a matching Origin. */
const FORGED = { host: "evil.example", origin: "http://evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https", "x-quire-client-ip": "198.51.100.66" };

const database = withTestDatabase();
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
});
afterEach(() => {
  delete process.env.SMTP_URL;
  delete process.env.PUBLIC_URL;
  delete process.env.TRUST_PROXY;
  for (const key of ["env", "mailer"]) clearProcessSingleton(key);
});

/** The process's settings as server.ts reads them, with SMTP_URL on the sink and this PUBLIC_URL (and TRUST_PROXY=1: the forged proxy headers are believed). */
function serverSettings(publicUrl: string | undefined): Env {
  process.env.SMTP_URL = sink.url;
  process.env.TRUST_PROXY = "1";
  if (publicUrl === undefined) delete process.env.PUBLIC_URL;
  else process.env.PUBLIC_URL = publicUrl;
  for (const key of ["env", "mailer"]) clearProcessSingleton(key);
  return getEnv();
}

/** The auth instance getAuth builds from those settings, over the test database. */
function authFrom(env: Env) {
  return createAuth({ db: database.db, secret: SECRET, publicUrl: env.PUBLIC_URL, trustProxy: env.TRUST_PROXY === "1", mailer: getMailer() });
}

/** An account (unconfirmed: nobody opened its link), made through better-auth as sign-up makes it. */
async function accountIn(auth: ReturnType<typeof authFrom>): Promise<string> {
  const email = `person-${Math.random().toString(36).slice(2, 10)}@example.com`;
  await auth.api.signUpEmail({ body: { name: "Ada Lovelace", email, password: "correct horse battery" }, headers: new Headers({ host: "docs.example.com" }) });
  return email;
}

/** Every link in the mails `address` received, once each (a mail has a text and an HTML part). */
function linksTo(address: string): string[] {
  return [...new Set(sink.mailsTo(address).flatMap((mail) => mail.match(/https?:\/\/[^\s"<>]+/g) ?? []))];
}

describe("emailed links with a forged Host", () => {
  it("can't be built without PUBLIC_URL: SMTP_URL alone is refused at start, and a mailer alone by createAuth", () => {
    expect(() => serverSettings(undefined)).toThrow(/^Invalid environment:\n {2}PUBLIC_URL: required when SMTP_URL is set\./);
    expect(() => createAuth({ db: database.db, secret: SECRET, mailer: createSmtpMailer(sink.url, "Quire <quire@example.com>") })).toThrow(/PUBLIC_URL: required when SMTP_URL is set/);
  });

  it("a reset requested with a forged Host mails a link to PUBLIC_URL", async () => {
    const auth = authFrom(serverSettings(PUBLIC_URL));
    const victim = await accountIn(auth);
    // The form's action: what it takes from the request is the client address, nothing else.
    await requestPasswordReset(auth, { email: victim }, { ip: FORGED["x-quire-client-ip"] }, getMailer() !== null, new PasswordResetLimiter());
    // better-auth given the forged request itself (its `request`, which the link used to be built on).
    await auth.api.requestPasswordReset({ body: { email: victim }, request: new Request("http://evil.example/forgot-password", { method: "POST", headers: FORGED }) });
    await expect.poll(() => sink.mailsTo(victim).length).toBe(2);
    const links = linksTo(victim).filter((link) => link.includes("/reset-password"));
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toMatch(/^http:\/\/docs\.example\.com\/reset-password\?token=[A-Za-z0-9_-]+$/);
    expect(sink.mailsTo(victim).join("\n")).not.toContain("evil.example");
  });

  it("a sign-up with a taken address and a forged Host mails its owner a sign-in link to PUBLIC_URL", async () => {
    const env = serverSettings(PUBLIC_URL);
    const auth = authFrom(env);
    const owner = await accountIn(auth);
    const mailer = getMailer();
    if (!mailer) throw new Error("SMTP_URL is set: getMailer() has a mailer");
    // The sign-up form's action: the mailer and mailLinkOrigin(), with the request's headers for better-auth.
    const taken = { name: "Someone", email: owner, password: "another password", workspaceName: "Elsewhere", workspaceSlug: `elsewhere-${Date.now()}` };
    expect(await signUp(database.db, auth, taken, new Headers(FORGED), { mailer, origin: mailLinkOrigin(env) })).toEqual({ status: "check_email" });
    await expect.poll(() => sink.mailsTo(owner).length).toBe(1);
    expect(sink.mailsTo(owner)[0]).toMatch(/Subject: You already have a Quire account/);
    expect(linksTo(owner)).toContain(`${PUBLIC_URL}/login`);
    expect(sink.mailsTo(owner).join("\n")).not.toContain("evil.example");
  });
});
