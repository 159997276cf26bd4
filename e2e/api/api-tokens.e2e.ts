import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiTokensPage } from "../pages/api-tokens-page";
import type { Person } from "../support/accounts";
import type { RunningApp } from "../support/start-app";
import { startApp, stopApp } from "../support/start-app";
import { launchBrowser } from "../support/browser";
import { signedUpPage } from "../support/workspace";

// Settings → API tokens in a real browser, and what the tokens then do against the real server,
// which runs with a low per-token limit so the 429 is reachable.
const RATE_LIMIT = 8;
let app: RunningApp | undefined;
let browser: Browser | undefined;
let page: Page;
let person: Person;
let tokens: ApiTokensPage;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp({ env: { API_RATE_LIMIT: String(RATE_LIMIT) } }), launchBrowser()]);
  ({ page, person } = await signedUpPage(browser, app.url, "integrator"));
  tokens = new ApiTokensPage(page, person.workspaceSlug);
  await tokens.open();
});

afterAll(async () => {
  await browser?.close();
  await stopApp(app);
});

function call(token: string, path: string, init: RequestInit = {}) {
  return fetch(`${app?.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...init.headers } });
}

describe("Settings → API tokens", () => {
  it("names what is wrong with each field, and keeps what was typed", async () => {
    await tokens.submit({ name: "   ", expiresOn: "2001-01-01" });
    await expect.poll(() => tokens.fieldError("name").textContent()).toBe("Give the token a name.");
    await expect.poll(() => tokens.fieldError("expiresOn").textContent()).toBe("Choose a date after today, or leave it empty.");
    expect(await page.getByLabel("Expires after (optional)").inputValue()).toBe("2001-01-01");
  });

  it("shows a new token once; it reads, but a read token can't write (403)", async () => {
    const token = await tokens.create({ name: "Reporting", scope: "read" });
    expect(token).toMatch(/^quire_[A-Za-z0-9_-]{43}$/);
    await expect.poll(() => tokens.row("Reporting").textContent()).toMatch(/Read · Active · created .* never used/);
    expect((await call(token, "/api/v1/documents")).status).toBe(200);
    const write = await call(token, "/api/v1/documents", { method: "POST", body: JSON.stringify({ title: "Nope" }) });
    expect(write.status).toBe(403);
    expect(await write.json()).toMatchObject({ error: { code: "forbidden" } });
    // The token is not on the page any more once it is reloaded: only its prefix.
    await page.reload();
    expect(await page.content()).not.toContain(token);
    await expect.poll(() => tokens.row("Reporting").textContent()).toContain(token.slice(0, 10));
    await expect.poll(() => tokens.row("Reporting").textContent()).toMatch(/last used/);
  });

  it("revokes a token after confirmation: it answers 401 at once", async () => {
    const token = await tokens.create({ name: "Short-lived", scope: "write" });
    const created = await call(token, "/api/v1/documents", { method: "POST", body: JSON.stringify({ title: "Made with a token", markdown: "Hello" }) });
    expect(created.status).toBe(201);
    await tokens.revoke("Short-lived");
    await expect.poll(() => tokens.row("Short-lived").textContent()).toContain("Revoked");
    const after = await call(token, "/api/v1/documents");
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ error: { code: "unauthenticated" } });
  });

  it("limits each token to API_RATE_LIMIT requests a minute: 429 with Retry-After", async () => {
    const token = await tokens.create({ name: "Busy", scope: "read" });
    for (let i = 0; i < RATE_LIMIT; i += 1) expect((await call(token, "/api/v1/documents?limit=1")).status).toBe(200);
    const limited = await call(token, "/api/v1/documents?limit=1");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ error: { code: "rate_limited" } });
  });
});
