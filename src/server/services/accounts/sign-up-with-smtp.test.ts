import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink } from "@test/smtp-sink";
import type { Auth } from "@/server/auth/auth";
import { createAuth } from "@/server/auth/auth";
import { users, workspaces } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { createSmtpMailer } from "@/server/mail/mailer";
import { signUp } from "./sign-up";
import { withTestDatabase } from "@test/test-database-hooks";

// With SMTP set up, sign-up must not tell whether an address has an account (docs/product.md
// "Validation"): the form answers alike, and only the owner's inbox learns the address was taken.

const ORIGIN = "http://docs.example.com";
const database = withTestDatabase();
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let auth: Auth;
let mail: { mailer: ReturnType<typeof createSmtpMailer>; origin: string };
beforeAll(async () => {
  sink = await startSmtpSink();
  const mailer = createSmtpMailer(sink.url, "Quire <quire@example.com>");
  mail = { mailer, origin: ORIGIN };
  auth = createAuth({ db: database.db, secret: "test-secret-that-is-at-least-32-characters", publicUrl: ORIGIN, mailer });
});
afterAll(async () => {
  await sink.close();
});

const headers = () => new Headers({ host: "docs.example.com", origin: ORIGIN, "x-quire-client-ip": "203.0.113.9" });
const input = (overrides: Partial<Parameters<typeof signUp>[2]> = {}) => ({
  name: "Ada Lovelace",
  email: `ada-${Math.random().toString(36).slice(2, 8)}@example.com`,
  password: "analytical engine",
  workspaceName: "Engines",
  workspaceSlug: `engines-${Math.random().toString(36).slice(2, 8)}`,
  ...overrides,
});

function mailTo(address: string) {
  const found = sink.mailsTo(address);
  expect(found).toHaveLength(1);
  return found[0] ?? "";
}

describe("sign-up with SMTP set up", () => {
  it("creates a new account and workspace, signs nobody in, and emails the link that signs in and opens the workspace", async () => {
    const data = input();
    expect(await signUp(database.db, auth, data, headers(), mail)).toEqual({ status: "check_email" });
    const [user] = await database.db.select().from(users).where(eq(users.email, data.email));
    expect(user?.emailVerified).toBe(false);
    expect(await database.db.select().from(workspaces).where(eq(workspaces.slug, data.workspaceSlug))).toHaveLength(1);

    const body = mailTo(data.email);
    expect(body).toMatch(/Subject: Finish creating your Quire account/);
    const link = /http:\/\/docs\.example\.com\/api\/auth\/verify-email\?token=[^\s"<]+/.exec(body)?.[0];
    expect(link).toBeDefined();
    const response = await auth.handler(new Request(link ?? "", { headers: { "x-quire-client-ip": "203.0.113.9" } }));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/w/${data.workspaceSlug}`);
    expect(response.headers.get("set-cookie")).toMatch(/better-auth\.session_token=/);
    const [verified] = await database.db.select().from(users).where(eq(users.email, data.email));
    expect(verified?.emailVerified).toBe(true);
  });

  it("answers a taken address the same way, changes nothing, and tells its owner by email", async () => {
    const owner = input();
    await signUp(database.db, auth, owner, headers(), mail);
    const [before] = await database.db.select().from(users).where(eq(users.email, owner.email));
    const again = input({ email: owner.email, name: "Someone Else", password: "another password" });

    expect(await signUp(database.db, auth, again, headers(), mail)).toEqual({ status: "check_email" });
    expect(await database.db.select().from(workspaces).where(eq(workspaces.slug, again.workspaceSlug))).toEqual([]);
    const after = await database.db.select().from(users).where(eq(users.email, owner.email));
    expect(after).toEqual([before]);
    await expect(auth.api.signInEmail({ body: { email: owner.email, password: again.password }, headers: headers() })).rejects.toThrow();
    expect(sink.received.filter((received) => received.to.includes(`<${owner.email}>`))).toHaveLength(2);
    expect(sink.received.at(-1)?.data).toMatch(/Subject: You already have a Quire account/);
    expect(sink.received.at(-1)?.data).toContain(`${ORIGIN}/login`);
    // The account may be one someone else made with the address and never confirmed: a reset makes it the owner's.
    expect(sink.received.at(-1)?.data).toContain(`${ORIGIN}/forgot-password`);
  });

  it("answers better-auth's own sign-up endpoint alike for a taken address (no 422 USER_ALREADY_EXISTS)", async () => {
    const owner = input();
    await signUp(database.db, auth, owner, headers(), mail);
    const post = (email: string) =>
      auth.handler(
        new Request(`${ORIGIN}/api/auth/sign-up/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: ORIGIN, "x-quire-client-ip": "203.0.113.9" },
          body: JSON.stringify({ name: "Probe", email, password: "probing password" }),
        }),
      );
    const taken = await post(owner.email);
    const fresh = await post(input().email);
    expect(taken.status).toBe(200);
    expect(fresh.status).toBe(200);
    expect(taken.headers.get("set-cookie") ?? "").not.toMatch(/session_token=[^;]+/);
    expect(Object.keys((await taken.json()) as object).sort()).toEqual(Object.keys((await fresh.json()) as object).sort());
    await expect.poll(() => sink.received.filter((received) => received.to.includes(`<${owner.email}>`)).length).toBe(2);
  });

  it("leaves nothing behind and says so when the email can't be sent", async () => {
    const closed = await startSmtpSink();
    await closed.close();
    const data = input();
    const error = await signUp(database.db, auth, data, headers(), { mailer: createSmtpMailer(closed.url, "Quire <quire@example.com>"), origin: ORIGIN }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("unavailable");
    expect(await database.db.select().from(users).where(eq(users.email, data.email))).toEqual([]);
    expect(await database.db.select().from(workspaces).where(eq(workspaces.slug, data.workspaceSlug))).toEqual([]);
  });
});
