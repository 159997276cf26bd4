import { createHmac } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { and, asc, eq, like, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { signedInPerson } from "@test/auth-sessions";
import type { SignedInPerson } from "@test/auth-sessions";
import { buildWorkspace } from "@test/factories";
import { withTestDatabase } from "@test/test-database-hooks";
import { totpCode } from "@test/totp";
import { auditEvents, passkeys, twoFactors, users, verifications } from "@/server/db/schema";
import { confirmTwoFactor } from "@/server/services/accounts/confirm-two-factor";
import { startTwoFactorEnrolment } from "@/server/services/accounts/start-two-factor-enrolment";
import type { Auth } from "./auth";
import { createAuth } from "./auth";

// better-auth's own two-factor and passkey endpoints over HTTP, as a script or a browser reaches
// them at /api/auth/*: no remembered devices (docs/product.md "Account security"), a sign-in
// recorded once, and no change to sign-in security that skips the audit log ("Audit log").

const database = withTestDatabase();
const SECRET = "test-secret-that-is-at-least-32-characters";
let auth: Auth;
beforeAll(() => {
  auth = createAuth({ db: database.db, secret: SECRET });
});

const ORIGIN = "http://localhost:3000";
const DEVICE = { host: "localhost:3000", origin: ORIGIN, "x-quire-client-ip": "203.0.113.61" };

/** better-auth's answer to a call on `/api/auth${path}` with the cookies given. */
function call(method: "GET" | "POST", path: string, cookie: string, body?: unknown): Promise<Response> {
  const headers = { ...DEVICE, "content-type": "application/json", ...(cookie ? { cookie } : {}) };
  return auth.handler(new Request(`${ORIGIN}/api/auth${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }));
}

/** The cookies a response sets, as a Cookie header (expired ones left out). */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .filter((cookie) => !/max-age=0/i.test(cookie))
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** The names of the cookies a response sets with a value. */
function cookieNames(response: Response): string[] {
  return cookiesOf(response)
    .split("; ")
    .filter(Boolean)
    .map((cookie) => cookie.split("=")[0] ?? "");
}

/** A person with two-factor on (through the profile's use cases), and a workspace to hold their events. */
async function enrolled(): Promise<SignedInPerson & { secret: string; backupCodes: string[]; workspaceId: string }> {
  const person = await signedInPerson(auth);
  const workspace = await buildWorkspace(database.db, [{ actor: person.actor, role: "editor" }]);
  const ctx = { db: database.db, actor: person.actor };
  const enrolment = await startTwoFactorEnrolment(ctx, { password: person.password }, { auth, headers: person.headers });
  await confirmTwoFactor(ctx, { code: await totpCode(enrolment.secret) }, { auth, headers: person.headers });
  return { ...person, secret: enrolment.secret, backupCodes: enrolment.backupCodes, workspaceId: workspace.id };
}

/** The password step over HTTP: its answer and the pending sign-in's cookie. */
async function passwordStep(email: string, password: string, cookie = ""): Promise<{ body: Record<string, unknown>; names: string[]; cookie: string }> {
  const response = await call("POST", "/sign-in/email", cookie, { email, password });
  expect(response.status).toBe(200);
  return { body: (await response.json()) as Record<string, unknown>, names: cookieNames(response), cookie: cookiesOf(response) };
}

/** A full two-factor sign-in over HTTP: the session's cookie. */
async function signInWithCode(person: { actor: { email: string }; password: string; secret: string }): Promise<string> {
  const pending = await passwordStep(person.actor.email, person.password);
  const response = await call("POST", "/two-factor/verify-totp", pending.cookie, { code: await totpCode(person.secret) });
  expect(response.status).toBe(200);
  return cookiesOf(response);
}

/** Each event of the person's workspace, in order: its kind and details. */
async function eventsIn(workspaceId: string): Promise<Array<{ kind: string; details: unknown }>> {
  return database.db.select({ kind: auditEvents.kind, details: auditEvents.details }).from(auditEvents).where(eq(auditEvents.workspaceId, workspaceId)).orderBy(asc(auditEvents.createdAt));
}

/** A trust cookie as better-auth's `trustDevice` made them (30 days), with its stored record: what a browser may still hold. */
async function trustCookieMadeBefore(userId: string): Promise<string> {
  const identifier = `trust-device-${crypto.randomUUID().replaceAll("-", "")}`;
  await database.db.insert(verifications).values({ id: crypto.randomUUID(), identifier, value: userId, expiresAt: new Date(Date.now() + 30 * 86_400_000) });
  const token = createHmac("sha256", SECRET).update(`${userId}!${identifier}`).digest("base64url");
  const value = `${token}!${identifier}`;
  const signature = createHmac("sha256", SECRET).update(value).digest("base64");
  return `better-auth.trust_device=${encodeURIComponent(`${value}.${signature}`)}`;
}

describe("no remembered devices", () => {
  it("refuses trustDevice at both second-factor endpoints, before the code is checked: the pending sign-in still takes the code", async () => {
    const person = await enrolled();
    const pending = await passwordStep(person.actor.email, person.password);

    for (const [path, code] of [
      ["/two-factor/verify-totp", await totpCode(person.secret)],
      ["/two-factor/verify-backup-code", person.backupCodes[0]],
    ] as const) {
      const refused = await call("POST", path, pending.cookie, { code, trustDevice: true });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { code?: string }).code).toBe("TRUST_DEVICE_UNSUPPORTED");
      expect(cookieNames(refused)).toEqual([]);
    }

    const signedIn = await call("POST", "/two-factor/verify-backup-code", pending.cookie, { code: person.backupCodes[0], trustDevice: false });
    expect(signedIn.status).toBe(200);
    expect(cookieNames(signedIn)).toEqual(["better-auth.session_token"]);
  });

  it("asks for the code after the password even when the browser still holds a trust cookie made before", async () => {
    const person = await enrolled();
    const trust = await trustCookieMadeBefore(person.actor.id);

    const pending = await passwordStep(person.actor.email, person.password, trust);
    expect(pending.body).toMatchObject({ twoFactorRedirect: true });
    expect(pending.names).not.toContain("better-auth.session_token");
    // The trust cookie never reaches better-auth, so nor does its renewal.
    expect(pending.names).not.toContain("better-auth.trust_device");

    const [row] = await database.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, person.actor.id));
    expect(row?.on).toBe(true);
  });
});

describe("trust-device rows left from before", () => {
  it("are removed once by their migration; other verification rows stay", async () => {
    const person = await enrolled();
    await trustCookieMadeBefore(person.actor.id);
    await trustCookieMadeBefore(person.actor.id);
    const kept = { id: crypto.randomUUID(), identifier: `reset-password:${crypto.randomUUID()}`, value: person.actor.id, expiresAt: new Date(Date.now() + 3_600_000) };
    await database.db.insert(verifications).values(kept);
    const trustRows = () => database.db.select().from(verifications).where(like(verifications.identifier, "trust-device-%"));
    expect((await trustRows()).filter((row) => row.value === person.actor.id)).toHaveLength(2);

    const drizzle = path.resolve(import.meta.dirname, "../../../drizzle");
    const file = (await readdir(drizzle)).find((name) => name.endsWith("_forget_trusted_devices.sql"));
    expect(file).toBeDefined();
    await database.db.execute(sql.raw(await readFile(path.join(drizzle, file ?? ""), "utf8")));
    expect(await trustRows()).toEqual([]);
    expect(await database.db.select({ id: verifications.id }).from(verifications).where(eq(verifications.id, kept.id))).toEqual([{ id: kept.id }]);
  });
});

describe("sign-ins with two-factor on, in the audit log", () => {
  it("records nothing at the password step, and one sign-in when the code makes the session", async () => {
    const person = await enrolled();
    const signedInEvents = async () => (await eventsIn(person.workspaceId)).filter((event) => event.kind === "account.signed_in");
    const before = (await signedInEvents()).length;

    const pending = await passwordStep(person.actor.email, person.password);
    expect(pending.body).toMatchObject({ twoFactorRedirect: true });
    expect(await signedInEvents()).toHaveLength(before);

    const app = await call("POST", "/two-factor/verify-totp", pending.cookie, { code: await totpCode(person.secret) });
    expect(app.status).toBe(200);
    expect((await signedInEvents()).slice(before)).toEqual([{ kind: "account.signed_in", details: { via: "two-factor" } }]);

    const again = await passwordStep(person.actor.email, person.password);
    const backup = await call("POST", "/two-factor/verify-backup-code", again.cookie, { code: person.backupCodes[1] });
    expect(backup.status).toBe(200);
    expect((await signedInEvents()).slice(before)).toHaveLength(2);
  });
});

describe("changes to sign-in security over /api/auth", () => {
  it("answers 404 at turning two-factor on and off, new backup codes and reading the secret: Profile → Security does them, and records them", async () => {
    const person = await enrolled();
    const session = await signInWithCode(person);
    const [stored] = await database.db.select().from(twoFactors).where(eq(twoFactors.userId, person.actor.id));
    const kinds = async () => (await eventsIn(person.workspaceId)).map((event) => event.kind).filter((kind) => kind !== "account.signed_in");
    const recorded = await kinds();

    for (const path of ["/two-factor/disable", "/two-factor/generate-backup-codes", "/two-factor/get-totp-uri", "/two-factor/enable"]) {
      expect((await call("POST", path, session, { password: person.password })).status, path).toBe(404);
    }

    const [user] = await database.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, person.actor.id));
    expect(user?.on).toBe(true);
    expect(await database.db.select().from(twoFactors).where(eq(twoFactors.userId, person.actor.id))).toEqual([stored]);
    expect(await kinds()).toEqual(recorded);
  });

  it("answers 404 at the emailed-code endpoints, which Quire doesn't use: the sign-in's second step is the app's code or a backup code", async () => {
    const person = await enrolled();
    const pending = await passwordStep(person.actor.email, person.password);
    expect(pending.body).toMatchObject({ twoFactorRedirect: true });

    for (const [path, body] of [
      ["/two-factor/send-otp", {}],
      ["/two-factor/verify-otp", { code: "123456" }],
    ] as const) {
      expect((await call("POST", path, pending.cookie, body)).status, path).toBe(404);
    }
    // The pending sign-in is untouched: the app's code still completes it.
    expect((await call("POST", "/two-factor/verify-totp", pending.cookie, { code: await totpCode(person.secret) })).status).toBe(200);
  });

  it("answers 404 at adding, renaming and removing passkeys; signing in with one stays open", async () => {
    const person = await signedInPerson(auth);
    const id = crypto.randomUUID();
    await database.db.insert(passkeys).values({ id, userId: person.actor.id, name: "Laptop", publicKey: "cHVibGlj", credentialID: `cred-${id}`, counter: 0, deviceType: "singleDevice", backedUp: false });
    const session = person.headers.get("cookie") ?? "";

    expect((await call("GET", "/passkey/generate-register-options", session)).status).toBe(404);
    expect((await call("POST", "/passkey/verify-registration", session, { response: {}, name: "Phone" })).status).toBe(404);
    expect((await call("POST", "/passkey/update-passkey", session, { id, name: "Renamed" })).status).toBe(404);
    expect((await call("POST", "/passkey/delete-passkey", session, { id })).status).toBe(404);
    expect(await database.db.select({ name: passkeys.name }).from(passkeys).where(eq(passkeys.userId, person.actor.id))).toEqual([{ name: "Laptop" }]);

    expect((await call("GET", "/passkey/generate-authenticate-options", "")).status).toBe(200);
  });

  it("records turning two-factor on once when the enrolment is confirmed at /two-factor/verify-totp, which the sign-in needs open", async () => {
    const person = await signedInPerson(auth);
    const workspace = await buildWorkspace(database.db, [{ actor: person.actor, role: "viewer" }]);
    const { secret } = await startTwoFactorEnrolment({ db: database.db, actor: person.actor }, { password: person.password }, { auth, headers: person.headers });

    const confirmed = await call("POST", "/two-factor/verify-totp", person.headers.get("cookie") ?? "", { code: await totpCode(secret) });
    expect(confirmed.status).toBe(200);

    const events = await database.db
      .select({ kind: auditEvents.kind, actorId: auditEvents.actorId, ipAddress: auditEvents.ipAddress })
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, workspace.id), eq(auditEvents.kind, "account.two_factor_enabled")));
    expect(events).toEqual([{ kind: "account.two_factor_enabled", actorId: person.actor.id, ipAddress: "203.0.113.61" }]);
    expect((await eventsIn(workspace.id)).map((event) => event.kind)).not.toContain("account.signed_in");
  });
});
