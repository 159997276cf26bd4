import { describe, expect, it } from "vitest";
import { createAuth } from "./auth";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();

const SECRET = "test-secret-that-is-at-least-32-characters";

/** A sign-up POST to better-auth's handler as a browser on `origin` would send it to `host`. */
async function signUpFrom(auth: ReturnType<typeof createAuth>, host: string, origin: string): Promise<number> {
  const email = `origin-${Math.random().toString(36).slice(2, 8)}@example.com`;
  // Next builds request.url from the custom server's bind address, whatever Host the browser used.
  const request = new Request("http://localhost:3000/api/auth/sign-up/email", {
    method: "POST",
    headers: { "content-type": "application/json", host, origin },
    body: JSON.stringify({ name: "Origin Test", email, password: "correct horse battery" }),
  });
  const response = await auth.handler(request);
  await response.body?.cancel();
  return response.status;
}

describe("better-auth's origin check", () => {
  describe("without PUBLIC_URL", () => {
    const auth = () => createAuth({ db: database.db, secret: SECRET });

    it("accepts a request from the origin it was sent to, by name or by address", async () => {
      expect(await signUpFrom(auth(), "127.0.0.1:3000", "http://127.0.0.1:3000")).toBe(200);
      expect(await signUpFrom(auth(), "localhost:3000", "http://localhost:3000")).toBe(200);
    });

    it("refuses another site, over https too", async () => {
      expect(await signUpFrom(auth(), "127.0.0.1:3000", "https://evil.example")).toBe(403);
      expect(await signUpFrom(auth(), "127.0.0.1:3000", "http://evil.example")).toBe(403);
    });
  });

  describe("with PUBLIC_URL", () => {
    const auth = () => createAuth({ db: database.db, secret: SECRET, publicUrl: "https://docs.example.com" });

    it("accepts only the public origin", async () => {
      expect(await signUpFrom(auth(), "docs.example.com", "https://docs.example.com")).toBe(200);
      expect(await signUpFrom(auth(), "docs.example.com", "https://evil.example")).toBe(403);
    });
  });
});

describe("better-auth's sign-up", () => {
  it("refuses a name our forms refuse (a NUL byte, which the database can't store) with 400 and the form's message", async () => {
    const auth = createAuth({ db: database.db, secret: SECRET });
    const request = new Request("http://localhost:3000/api/auth/sign-up/email", {
      method: "POST",
      headers: { "content-type": "application/json", host: "localhost:3000", origin: "http://localhost:3000" },
      body: JSON.stringify({ name: "Eve\u0000", email: "nul@example.com", password: "correct horse battery" }),
    });
    const response = await auth.handler(request);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "INVALID_NAME", message: "Names can't hold tabs, line breaks or other control characters." });
  });
});
