import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPerson } from "../support/accounts";
import type { RunningApp } from "../support/start-app";
import { startApp, stopApp } from "../support/start-app";

// Quire behind a TLS-terminating proxy: the proxy speaks plain http to it and says in
// X-Forwarded-Proto that the browser used https. These requests play the proxy's part.
const PUBLIC_URL = "https://docs.example.test";
let withPublicUrl: RunningApp;
let withoutPublicUrl: RunningApp;
beforeAll(async () => {
  [withPublicUrl, withoutPublicUrl] = await Promise.all([
    startApp({ env: { PUBLIC_URL, TRUST_PROXY: "1" } }),
    startApp({ env: { TRUST_PROXY: "1" } }),
  ]);
});
afterAll(async () => {
  await Promise.all([stopApp(withPublicUrl), stopApp(withoutPublicUrl)]);
});

/** Signs a new person up and then in through `app`, as a proxy at `origin` forwards it; resolves to the session cookies set. */
async function sessionCookies(app: RunningApp, origin: string, proto?: "https" | "http"): Promise<string[]> {
  const person = newPerson("secure");
  const headers = {
    "content-type": "application/json",
    host: new URL(origin).host,
    origin,
    "x-forwarded-for": "198.51.100.9",
    ...(proto ? { "x-forwarded-proto": proto } : {}),
  };
  const signUp = await fetch(`${app.url}/api/auth/sign-up/email`, { method: "POST", headers, body: JSON.stringify({ name: person.name, email: person.email, password: person.password }) });
  expect(signUp.status, await signUp.clone().text()).toBe(200);
  const signIn = await fetch(`${app.url}/api/auth/sign-in/email`, { method: "POST", headers, body: JSON.stringify({ email: person.email, password: person.password }) });
  expect(signIn.status, await signIn.clone().text()).toBe(200);
  const cookies = [...signUp.headers.getSetCookie(), ...signIn.headers.getSetCookie()].filter((cookie) => /session_token=/.test(cookie));
  expect(cookies).toHaveLength(2);
  return cookies;
}

const isSecure = (cookie: string) => /;\s*Secure(;|$)/i.test(cookie);

describe("the session cookie behind https", () => {
  it("is Secure with an https PUBLIC_URL behind a proxy (TRUST_PROXY=1, X-Forwarded-Proto: https)", async () => {
    const cookies = await sessionCookies(withPublicUrl, PUBLIC_URL, "https");
    expect(cookies.every(isSecure), cookies.join("\n")).toBe(true);
    expect(cookies.every((cookie) => cookie.startsWith("__Secure-"))).toBe(true);
  });

  it("is Secure without PUBLIC_URL when the trusted proxy says the browser used https", async () => {
    const { host } = new URL(withoutPublicUrl.url);
    const cookies = await sessionCookies(withoutPublicUrl, `https://${host}`, "https");
    expect(cookies.every(isSecure), cookies.join("\n")).toBe(true);
  });

  it("is not Secure over plain http", async () => {
    const cookies = await sessionCookies(withoutPublicUrl, withoutPublicUrl.url);
    expect(cookies.some(isSecure), cookies.join("\n")).toBe(false);
  });
});
