import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@test/free-port";
import { launchBrowser } from "../support/browser";
import type { RunningApp } from "../support/start-app";
import { startApp, stopApp } from "../support/start-app";

// With PUBLIC_URL set, that address is the only one live editing accepts. The server says so
// when it starts, and a page opened at another address (the other loopback name) says which
// address to open instead, linking the same page there.

let app: RunningApp;
let browser: Browser;
let publicUrl: string;
beforeAll(async () => {
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  [app, browser] = await Promise.all([startApp({ port, env: { PUBLIC_URL: publicUrl } }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await stopApp(app);
});

describe("PUBLIC_URL", () => {
  it("is the address the server prints", () => {
    expect(app.output()).toContain(`Quire is ready at ${publicUrl} (production)`);
    expect(app.output()).not.toContain("Quire is ready at http://localhost");
  });

  it("opened at the other loopback name, a page names the right address and links the same page there", async () => {
    const page = await browser.newPage();
    await page.goto(`http://localhost:${app.port}/login`);
    const notice = page.getByRole("alert").filter({ hasText: "set up for" });
    await expect.poll(() => notice.textContent()).toContain(`This Quire is set up for ${publicUrl}, and you opened it at http://localhost:${app.port}`);
    expect(await notice.getByRole("link").getAttribute("href")).toBe(`${publicUrl}/login`);

    await page.goto(`${publicUrl}/login`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.getByRole("alert").filter({ hasText: "set up for" }).count()).toBe(0);
    await page.close();
  });
});
