import { afterAll, beforeAll } from "vitest";
import type { Auth } from "@/server/auth/auth";
import type { CreateAuthOptions } from "@/server/auth/auth";
import { createAuth } from "@/server/auth/auth";
import type { Actor } from "@/server/context";
import { clearProcessSingleton, processSingleton } from "@/server/process-singleton";
import type { TestDatabase } from "./test-db";

export const TEST_AUTH_SECRET = "test-secret-that-is-at-least-32-characters";
/** The Host header a route request carries: better-auth and the origin checks read it. */
export const TEST_HOST = { host: "localhost:3000" };

/** The file's better-auth, readable once its beforeAll has run. */
export interface RouteSingletons {
  readonly auth: Auth;
}

/**
 * API route handlers reach the database and auth through process singletons
 * (server/process-singleton.ts). Registers the file's test database and a real better-auth on it
 * under those keys, with `extra` (e.g. "blob-store"), before the file's tests, and forgets them
 * after: so the real handler runs. Call it at the top of the file, after `withTestDatabase()`,
 * whose database it needs open (hooks run in the order they are declared). `authOptions` set up
 * what the instance would have (a mailer and PUBLIC_URL, as with SMTP_URL).
 */
export function withRouteSingletons(database: TestDatabase, extra: Record<string, () => unknown> = {}, authOptions: Omit<Partial<CreateAuthOptions>, "db" | "secret"> = {}): RouteSingletons {
  let auth: Auth | undefined;
  beforeAll(() => {
    const created = createAuth({ ...authOptions, db: database.db, secret: TEST_AUTH_SECRET });
    auth = created;
    processSingleton("database", () => ({ handle: Promise.resolve(database), release: () => {} }));
    processSingleton("auth", () => Promise.resolve(created));
    for (const [key, create] of Object.entries(extra)) processSingleton(key, create);
  });
  afterAll(() => {
    // The API's rate limiter is made by the routes on first use: forgotten too, so its counts stay the file's.
    for (const key of ["database", "auth", "api-rate-limiter", ...Object.keys(extra)]) clearProcessSingleton(key);
  });
  return {
    get auth() {
      if (!auth) throw new Error("withRouteSingletons: auth is created in beforeAll; use it inside tests and hooks");
      return auth;
    },
  };
}

/**
 * Signs an account up through better-auth, which signs it in (no mailer here): the cookie a route
 * request carries, and the person as an actor for the factories.
 */
export async function signedUpCookie(auth: Auth, email: string, name: string): Promise<{ cookie: string; actor: Actor }> {
  const { headers, response } = await auth.api.signUpEmail({ body: { email, password: "correct horse battery", name }, headers: new Headers(TEST_HOST), returnHeaders: true });
  const cookie = headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  return { cookie, actor: { id: response.user.id, name, email, color: "#4f46e5", twoFactorEnabled: false } };
}
