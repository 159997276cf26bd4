import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { signedInPerson } from "@test/auth-sessions";
import type { SignedInPerson } from "@test/auth-sessions";
import { appErrorOf } from "@test/app-errors";
import { buildUser, buildWorkspace } from "@test/factories";
import { withTestDatabase } from "@test/test-database-hooks";
import { totpCode as codeFor, wrongTotpCode as wrongCode } from "@test/totp";
import type { Auth } from "@/server/auth/auth";
import { createAuth } from "@/server/auth/auth";
import { auditEvents, sessions, users } from "@/server/db/schema";
import { mustEnrolTwoFactor } from "@/server/policies/workspace-policy";
import { setTwoFactorRequirement, ENROL_YOURSELF_FIRST_MESSAGE } from "@/server/services/workspaces/set-two-factor-requirement";
import { WRONG_PASSWORD_MESSAGE } from "./change-email";
import { confirmTwoFactor } from "./confirm-two-factor";
import { disableTwoFactor } from "./disable-two-factor";
import { regenerateBackupCodes } from "./regenerate-backup-codes";
import { startTwoFactorEnrolment } from "./start-two-factor-enrolment";
import { CHALLENGE_ENDED_MESSAGE, CODES_LOCKED_MESSAGE, REUSED_CODE_MESSAGE, WRONG_BACKUP_CODE_MESSAGE, WRONG_CODE_MESSAGE } from "./translate-two-factor-error";
import { verifyTwoFactorSignIn } from "./verify-two-factor-sign-in";

const database = withTestDatabase();
let auth: Auth;
beforeAll(() => {
  auth = createAuth({ db: database.db, secret: "test-secret-that-is-at-least-32-characters" });
});

const DEVICE = { host: "localhost:3000", "x-quire-client-ip": "203.0.113.30" };

function cookieHeaders(response: Headers, base: Record<string, string> = DEVICE): Headers {
  return new Headers({ ...base, cookie: response.getSetCookie().map((c) => c.split(";")[0]).join("; ") });
}

/** Enrols the person (password, then the app's code); returns the secret and backup codes. */
async function enrolled(person: SignedInPerson): Promise<{ secret: string; backupCodes: string[] }> {
  const ctx = { db: database.db, actor: person.actor };
  const enrolment = await startTwoFactorEnrolment(ctx, { password: person.password }, { auth, headers: person.headers });
  await confirmTwoFactor(ctx, { code: await codeFor(enrolment.secret) }, { auth, headers: person.headers });
  return enrolment;
}

/** Signs in with the password: the headers carry better-auth's pending two-factor cookie. */
async function passwordStep(email: string, password: string): Promise<{ twoFactorRedirect: boolean; headers: Headers }> {
  const { headers, response } = await auth.api.signInEmail({ body: { email, password }, headers: new Headers(DEVICE), returnHeaders: true });
  return { twoFactorRedirect: "twoFactorRedirect" in response && response.twoFactorRedirect === true, headers: cookieHeaders(headers) };
}

/** A full sign-in with the app's code: headers with the new session's cookie. */
async function signInWithCode(email: string, password: string, secret: string): Promise<Headers> {
  const pending = await passwordStep(email, password);
  const { headers } = await auth.api.verifyTOTP({ body: { code: await codeFor(secret) }, headers: pending.headers, returnHeaders: true });
  return cookieHeaders(headers);
}

/** The audit kinds of the person's own changes, in order: the tests' real sign-ins (record-sign-in.test.ts) left out. */
async function kindsRecorded(workspaceId: string, actorId: string): Promise<string[]> {
  const rows = await database.db.select({ kind: auditEvents.kind }).from(auditEvents).where(and(eq(auditEvents.workspaceId, workspaceId), eq(auditEvents.actorId, actorId)))
    .orderBy(asc(auditEvents.createdAt));
  return rows.map((row) => row.kind).filter((kind) => kind !== "account.signed_in");
}

describe("two-factor enrolment", () => {
  it("asks for the password, gives an otpauth URI, its secret and 10 backup codes, and turns on only once a code confirms it", async () => {
    const person = await signedInPerson(auth);
    const workspace = await buildWorkspace(database.db, [{ actor: person.actor, role: "editor" }]);
    const ctx = { db: database.db, actor: person.actor };
    const session = { auth, headers: person.headers };

    expect((await appErrorOf(startTwoFactorEnrolment(ctx, { password: "not the password" }, session))).fields).toEqual({ password: WRONG_PASSWORD_MESSAGE });
    const enrolment = await startTwoFactorEnrolment(ctx, { password: person.password }, session);
    expect(enrolment.totpUri).toMatch(/^otpauth:\/\/totp\/Quire:/);
    expect(enrolment.totpUri).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.backupCodes).toHaveLength(10);
    // Not on until confirmed: signing in asks for no code yet.
    expect((await passwordStep(person.actor.email, person.password)).twoFactorRedirect).toBe(false);

    expect((await appErrorOf(confirmTwoFactor(ctx, { code: await wrongCode(enrolment.secret) }, session))).fields).toEqual({ code: WRONG_CODE_MESSAGE });
    await confirmTwoFactor(ctx, { code: await codeFor(enrolment.secret) }, session);
    const [row] = await database.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, person.actor.id));
    expect(row?.on).toBe(true);
    expect(await kindsRecorded(workspace.id, person.actor.id)).toEqual(["account.two_factor_enabled"]);
  });
});

describe("signing in with two-factor on", () => {
  it("asks for a code after the password: a wrong one is refused, the app's code signs in", async () => {
    const person = await signedInPerson(auth);
    const { secret } = await enrolled(person);
    const pending = await passwordStep(person.actor.email, person.password);
    expect(pending.twoFactorRedirect).toBe(true);
    expect(await auth.api.getSession({ headers: pending.headers })).toBeNull();

    const wrong = await appErrorOf(verifyTwoFactorSignIn(auth, { method: "totp", code: await wrongCode(secret) }, pending.headers));
    expect(wrong.fields).toEqual({ code: WRONG_CODE_MESSAGE });
    const { headers } = await auth.api.verifyTOTP({ body: { code: await codeFor(secret) }, headers: pending.headers, returnHeaders: true });
    const session = await auth.api.getSession({ headers: cookieHeaders(headers) });
    expect(session?.user.id).toBe(person.actor.id);
  });

  it("takes an authenticator code once: the same code is refused while it is still current, the next one signs in", async () => {
    const person = await signedInPerson(auth);
    const { secret } = await enrolled(person);
    const code = await codeFor(secret);
    await verifyTwoFactorSignIn(auth, { method: "totp", code }, (await passwordStep(person.actor.email, person.password)).headers);
    const sessionsOf = async () => (await database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, person.actor.id))).length;
    const before = await sessionsOf();
    const replayed = await appErrorOf(verifyTwoFactorSignIn(auth, { method: "totp", code }, (await passwordStep(person.actor.email, person.password)).headers));
    expect(replayed.fields).toEqual({ code: REUSED_CODE_MESSAGE });
    expect(await sessionsOf()).toBe(before);
    await verifyTwoFactorSignIn(auth, { method: "totp", code: await codeFor(secret) }, (await passwordStep(person.actor.email, person.password)).headers);
  });

  it("takes a backup code once: the same code is refused the next time", async () => {
    const person = await signedInPerson(auth);
    const { backupCodes } = await enrolled(person);
    const code = backupCodes[0] ?? "";
    await verifyTwoFactorSignIn(auth, { method: "backup", code }, (await passwordStep(person.actor.email, person.password)).headers);
    const again = await appErrorOf(verifyTwoFactorSignIn(auth, { method: "backup", code }, (await passwordStep(person.actor.email, person.password)).headers));
    expect(again.fields).toEqual({ code: WRONG_BACKUP_CODE_MESSAGE });
  });

  it("ends the pending sign-in after 5 wrong codes: even the right code then needs the password again", async () => {
    const person = await signedInPerson(auth);
    const { secret } = await enrolled(person);
    const pending = await passwordStep(person.actor.email, person.password);
    for (let i = 0; i < 5; i++) await appErrorOf(verifyTwoFactorSignIn(auth, { method: "totp", code: await wrongCode(secret) }, pending.headers));
    const ended = await appErrorOf(verifyTwoFactorSignIn(auth, { method: "totp", code: await codeFor(secret) }, pending.headers));
    expect(ended.code).toBe("unauthenticated");
    expect(ended.message).toBe(CHALLENGE_ENDED_MESSAGE);
  });

  it("records each refused code as a failed sign-in of the account, as a wrong password is, and never the code", async () => {
    const person = await signedInPerson(auth);
    const workspace = await buildWorkspace(database.db, [{ actor: person.actor, role: "editor" }]);
    const { secret, backupCodes } = await enrolled(person);
    // A wrong code while confirming an enrolment is no sign-in: a second enrolment of someone else.
    const other = await signedInPerson(auth);
    await buildWorkspace(database.db, [{ actor: other.actor, role: "editor" }]);
    const otherEnrolment = await startTwoFactorEnrolment({ db: database.db, actor: other.actor }, { password: other.password }, { auth, headers: other.headers });
    await appErrorOf(confirmTwoFactor({ db: database.db, actor: other.actor }, { code: await wrongCode(otherEnrolment.secret) }, { auth, headers: other.headers }));

    const wrongApp = await wrongCode(secret);
    const wrongBackup = "AAAAA-BBBBB";
    const used = await codeFor(secret);
    await verifyTwoFactorSignIn(auth, { method: "totp", code: used }, (await passwordStep(person.actor.email, person.password)).headers);
    const pending = await passwordStep(person.actor.email, person.password);
    await appErrorOf(verifyTwoFactorSignIn(auth, { method: "totp", code: wrongApp }, pending.headers));
    await appErrorOf(verifyTwoFactorSignIn(auth, { method: "backup", code: wrongBackup }, pending.headers));
    // The right backup code still signs in, and is no failure.
    await verifyTwoFactorSignIn(auth, { method: "backup", code: backupCodes[0] ?? "" }, pending.headers);
    // A code that already signed in, sent again (seen over a shoulder): refused, and a failure too.
    await appErrorOf(verifyTwoFactorSignIn(auth, { method: "totp", code: used }, (await passwordStep(person.actor.email, person.password)).headers));

    const failed = await database.db.select().from(auditEvents).where(and(eq(auditEvents.workspaceId, workspace.id), eq(auditEvents.kind, "account.sign_in_failed")));
    expect(failed).toHaveLength(3);
    for (const event of failed) {
      expect(event).toMatchObject({ actorId: null, actorLabel: null, targetId: person.actor.id, ipAddress: DEVICE["x-quire-client-ip"], details: { via: "two-factor" } });
    }
    expect(JSON.stringify(failed)).not.toMatch(new RegExp(`${wrongApp}|${wrongBackup}|${used}`));
    const everywhere = await database.db.select({ targetId: auditEvents.targetId }).from(auditEvents).where(eq(auditEvents.kind, "account.sign_in_failed"));
    expect(everywhere.filter((event) => event.targetId === other.actor.id)).toEqual([]);
  });

  it("locks the account's codes after 10 wrong ones in a row, across pending sign-ins and backup codes: even the right code then waits 15 minutes", async () => {
    const person = await signedInPerson(auth);
    const workspace = await buildWorkspace(database.db, [{ actor: person.actor, role: "editor" }]);
    const { secret } = await enrolled(person);
    for (let round = 0; round < 2; round++) {
      const pending = await passwordStep(person.actor.email, person.password);
      for (let i = 0; i < 5; i++) {
        const input = i % 2 === 0 ? { method: "totp" as const, code: await wrongCode(secret) } : { method: "backup" as const, code: "AAAAA-BBBBB" };
        expect((await appErrorOf(verifyTwoFactorSignIn(auth, input, pending.headers))).code).toBe("validation_failed");
      }
    }
    const locked = await appErrorOf(verifyTwoFactorSignIn(auth, { method: "totp", code: await codeFor(secret) }, (await passwordStep(person.actor.email, person.password)).headers));
    expect(locked.code).toBe("rate_limited");
    expect(locked.message).toBe(CODES_LOCKED_MESSAGE);
    const failed = await database.db.select({ id: auditEvents.id }).from(auditEvents).where(and(eq(auditEvents.workspaceId, workspace.id), eq(auditEvents.kind, "account.sign_in_failed")));
    expect(failed).toHaveLength(11);
  });

  it("without a pending sign-in, a code is refused as unauthenticated", async () => {
    const error = await appErrorOf(verifyTwoFactorSignIn(auth, { method: "totp", code: "123456" }, new Headers(DEVICE)));
    expect(error.code).toBe("unauthenticated");
  });
});

describe("backup codes and turning off", () => {
  it("makes new backup codes after the password (the old ones stop working), and turns off after the password", async () => {
    const person = await signedInPerson(auth);
    const workspace = await buildWorkspace(database.db, [{ actor: person.actor, role: "viewer" }]);
    const { secret, backupCodes: oldCodes } = await enrolled(person);
    // Confirming replaced the session: sign in again, with a code.
    const headers = await signInWithCode(person.actor.email, person.password, secret);
    const ctx = { db: database.db, actor: person.actor };

    expect((await appErrorOf(regenerateBackupCodes(ctx, { password: "wrong password" }, { auth, headers }))).fields).toEqual({ password: WRONG_PASSWORD_MESSAGE });
    const { backupCodes } = await regenerateBackupCodes(ctx, { password: person.password }, { auth, headers });
    expect(backupCodes).toHaveLength(10);
    expect(backupCodes).not.toContain(oldCodes[0]);
    const old = await appErrorOf(verifyTwoFactorSignIn(auth, { method: "backup", code: oldCodes[0] ?? "" }, (await passwordStep(person.actor.email, person.password)).headers));
    expect(old.fields).toEqual({ code: WRONG_BACKUP_CODE_MESSAGE });

    expect((await appErrorOf(disableTwoFactor(ctx, { password: "wrong password" }, { auth, headers }))).fields).toEqual({ password: WRONG_PASSWORD_MESSAGE });
    await disableTwoFactor(ctx, { password: person.password }, { auth, headers });
    expect((await passwordStep(person.actor.email, person.password)).twoFactorRedirect).toBe(false);
    expect(await kindsRecorded(workspace.id, person.actor.id)).toEqual(["account.two_factor_enabled", "account.backup_codes_regenerated", "account.two_factor_disabled"]);
  });
});

describe("a workspace's two-factor requirement", () => {
  it("is set by admins and owners who have two-factor themselves, and recorded", async () => {
    const admin = await signedInPerson(auth);
    const editor = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [
      { actor: admin.actor, role: "admin" },
      { actor: editor, role: "editor" },
    ]);
    const adminCtx = { db: database.db, actor: admin.actor };

    expect((await appErrorOf(setTwoFactorRequirement({ db: database.db, actor: editor }, { workspaceId: workspace.id, required: true }))).code).toBe("forbidden");
    const notEnrolled = await appErrorOf(setTwoFactorRequirement(adminCtx, { workspaceId: workspace.id, required: true }));
    expect([notEnrolled.code, notEnrolled.message]).toEqual(["conflict", ENROL_YOURSELF_FIRST_MESSAGE]);

    await enrolled(admin);
    // As the session that confirming leaves says (resolveCaller reads it from the user).
    const enrolledCtx = { db: database.db, actor: { ...admin.actor, twoFactorEnabled: true } };
    expect(await setTwoFactorRequirement(enrolledCtx, { workspaceId: workspace.id, required: true })).toEqual({ required: true });
    expect(await setTwoFactorRequirement(enrolledCtx, { workspaceId: workspace.id, required: false })).toEqual({ required: false });
    const events = await database.db.select({ kind: auditEvents.kind, details: auditEvents.details }).from(auditEvents).where(eq(auditEvents.workspaceId, workspace.id)).orderBy(asc(auditEvents.createdAt));
    expect(events.filter((event) => event.kind === "workspace.two_factor_requirement_changed").map((event) => event.details)).toEqual([{ required: true }, { required: false }]);
  });

  it("sends members without two-factor to enrol; those with it pass", () => {
    expect(mustEnrolTwoFactor({ requireTwoFactor: true }, { twoFactorEnabled: false })).toBe(true);
    expect(mustEnrolTwoFactor({ requireTwoFactor: true }, { twoFactorEnabled: true })).toBe(false);
    expect(mustEnrolTwoFactor({ requireTwoFactor: false }, { twoFactorEnabled: false })).toBe(false);
    // An account single sign-on made has no password to enrol with, and signs in through its provider.
    expect(mustEnrolTwoFactor({ requireTwoFactor: true }, { twoFactorEnabled: false, passwordless: true })).toBe(false);
    expect(mustEnrolTwoFactor({ requireTwoFactor: true }, { twoFactorEnabled: false, passwordless: false })).toBe(true);
  });

  it("may be set by an admin whose account has no password, who meets it without two-factor", async () => {
    const admin = await buildUser(database.db, { passwordless: true });
    const workspace = await buildWorkspace(database.db, [{ actor: admin, role: "admin" }]);
    expect(await setTwoFactorRequirement({ db: database.db, actor: admin }, { workspaceId: workspace.id, required: true })).toEqual({ required: true });
  });
});
