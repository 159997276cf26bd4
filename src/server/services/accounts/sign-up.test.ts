import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Auth } from "@/server/auth/auth";
import { createAuth } from "@/server/auth/auth";
import { memberships, users, workspaces } from "@/server/db/schema";
import { EMAIL_TAKEN_MESSAGE, signUp } from "./sign-up";
import { appErrorOf } from "@test/app-errors";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();
let auth: Auth;
beforeAll(async () => {
  auth = createAuth({ db: database.db, secret: "test-secret-that-is-at-least-32-characters" });
});

const headers = () => new Headers({ host: "localhost:3000", "x-quire-client-ip": "203.0.113.7" });
const input = (overrides: Partial<Parameters<typeof signUp>[2]> = {}) => ({
  name: "Grace Hopper",
  email: `grace-${Math.random().toString(36).slice(2, 8)}@example.com`,
  password: "correct horse battery",
  workspaceName: "Navy",
  workspaceSlug: `navy-${Math.random().toString(36).slice(2, 8)}`,
  ...overrides,
});

describe("signUp", () => {
  it("creates the account and its workspace with the user as owner", async () => {
    const data = input();
    const { user, workspace } = await signUp(database.db, auth, data, headers());
    expect(user.email).toBe(data.email);
    expect(workspace.slug).toBe(data.workspaceSlug);
    const [membership] = await database.db.select().from(memberships).where(eq(memberships.userId, user.id));
    expect(membership).toMatchObject({ workspaceId: workspace.id, role: "owner" });
  });

  it("signs the new account in (a session exists)", async () => {
    const data = input();
    const { user } = await signUp(database.db, auth, data, headers());
    const signIn = await auth.api.signInEmail({ body: { email: data.email, password: data.password }, headers: headers() });
    expect(signIn.user.id).toBe(user.id);
  });

  it("refuses an email already used, and creates nothing", async () => {
    const first = input();
    await signUp(database.db, auth, first, headers());
    const second = input({ email: first.email });
    const error = await appErrorOf(signUp(database.db, auth, second, headers()));
    expect(error.fields).toEqual({ email: EMAIL_TAKEN_MESSAGE });
    expect(await database.db.select().from(workspaces).where(eq(workspaces.slug, second.workspaceSlug))).toEqual([]);
  });

  it("refuses a taken workspace address, and creates no account", async () => {
    const first = input();
    await signUp(database.db, auth, first, headers());
    const second = input({ workspaceSlug: first.workspaceSlug });
    const error = await appErrorOf(signUp(database.db, auth, second, headers()));
    expect(error.fields?.workspaceSlug).toMatch(/taken/);
    expect(await database.db.select().from(users).where(eq(users.email, second.email))).toEqual([]);
  });
});

describe("sign-in rate limit", () => {
  it("refuses the 11th failed sign-in for an account from one address within 15 minutes with 429 and Retry-After, and not from another", async () => {
    const data = input();
    await signUp(database.db, auth, data, headers());
    const attempt = (ip: string) =>
      auth.handler(
        new Request("http://localhost:3000/api/auth/sign-in/email", {
          method: "POST",
          headers: { "content-type": "application/json", origin: "http://localhost:3000", "x-quire-client-ip": ip },
          body: JSON.stringify({ email: data.email, password: "wrong password!" }),
        }),
      );
    for (let i = 0; i < 10; i++) expect((await attempt("198.51.100.7")).status).toBe(401);
    const refused = await attempt("198.51.100.7");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toMatch(/Try again in \d+ (seconds?|minutes?)\./);
    // Failures from one address never lock the owner out from another.
    expect((await attempt("198.51.100.99")).status).toBe(401);
  });

  it("does not count successful sign-ins", async () => {
    const data = input();
    await signUp(database.db, auth, data, headers());
    for (let i = 0; i < 12; i++) {
      await auth.api.signInEmail({ body: { email: data.email, password: data.password }, headers: headers() });
    }
  });
});

describe("session cookie", () => {
  async function signInCookie(instance: Auth, origin: string) {
    const data = input();
    await signUp(database.db, instance, data, new Headers({ host: new URL(origin).host }));
    const response = await instance.handler(
      new Request(`${origin}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin, "x-quire-client-ip": "192.0.2.1" },
        body: JSON.stringify({ email: data.email, password: data.password }),
      }),
    );
    expect(response.status).toBe(200);
    return response.headers.getSetCookie().find((c) => c.includes("session_token")) ?? "";
  }

  it("is httpOnly and SameSite=Lax, without Secure over http", async () => {
    const cookie = await signInCookie(auth, "http://localhost:3000");
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it("is Secure when Quire is served over https", async () => {
    const https = createAuth({ db: database.db, secret: "test-secret-that-is-at-least-32-characters", publicUrl: "https://docs.example.com" });
    const cookie = await signInCookie(https, "https://docs.example.com");
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
  });
});

