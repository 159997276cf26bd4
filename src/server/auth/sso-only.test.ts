import { describe, expect, it } from "vitest";
import { withTestDatabase } from "@test/test-database-hooks";
import { createAuth } from "./auth";
import type { InstanceSso } from "./sso-providers";

const database = withTestDatabase();

const SECRET = "test-secret-that-is-at-least-32-characters";
const ORIGIN = "http://localhost:3000";
// Never contacted: the refusal comes before any sign-in reaches the provider.
const PROVIDER: InstanceSso = { issuer: "https://idp.invalid", clientId: "quire", clientSecret: "secret", label: "Test IdP", allowedDomains: [], ssoOnly: true };

/** better-auth's answer to a browser's call on `path`: its status and error code. */
async function call(auth: ReturnType<typeof createAuth>, method: "GET" | "POST", path: string, body?: unknown): Promise<{ status: number; code?: string }> {
  const response = await auth.handler(
    new Request(`${ORIGIN}/api/auth${path}`, {
      method,
      headers: { "content-type": "application/json", origin: ORIGIN, host: "localhost:3000" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  const answer = (await response.json().catch(() => ({}))) as { code?: string };
  return { status: response.status, ...(answer.code ? { code: answer.code } : {}) };
}

describe("SSO_ONLY", () => {
  const refused = { status: 403, code: "SSO_ONLY" };

  it("refuses a passkey sign-in at both of its steps, as it refuses passwords", async () => {
    const auth = createAuth({ db: database.db, secret: SECRET, sso: PROVIDER });
    expect(await call(auth, "GET", "/passkey/generate-authenticate-options")).toEqual(refused);
    expect(await call(auth, "POST", "/passkey/verify-authentication", { response: {} })).toEqual(refused);
    expect(await call(auth, "POST", "/sign-in/email", { email: "someone@example.com", password: "a long password" })).toEqual(refused);
    expect(await call(auth, "POST", "/sign-up/email", { name: "Someone", email: "someone@example.com", password: "a long password" })).toEqual(refused);
  });

  it("leaves passkeys and passwords alone when the provider is not the only way in", async () => {
    const auth = createAuth({ db: database.db, secret: SECRET, sso: { ...PROVIDER, ssoOnly: false } });
    expect((await call(auth, "GET", "/passkey/generate-authenticate-options")).status).toBe(200);
    expect((await call(auth, "POST", "/sign-in/email", { email: "nobody@example.com", password: "a long password" })).status).toBe(401);
  });
});
