import fs from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebhookReceiver } from "@test/webhook-receiver";
import { WebhooksPage } from "../pages/webhooks-page";
import type { Person } from "../support/accounts";
import type { RunningApp } from "../support/start-app";
import { startApp, stopApp } from "../support/start-app";
import { launchBrowser } from "../support/browser";
import { signedUpPage } from "../support/workspace";

// Settings → Webhooks in a real browser against a receiver started here, which verifies every
// delivery with the Standard Webhooks library. The server allows private addresses (the
// receiver listens on 127.0.0.1), as WEBHOOKS_ALLOW_PRIVATE documents.
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
let app: RunningApp | undefined;
let browser: Browser | undefined;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let page: Page;
let person: Person;
let webhooks: WebhooksPage;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  [app, browser] = await Promise.all([startApp({ env: { WEBHOOKS_ALLOW_PRIVATE: "true" } }), launchBrowser()]);
  ({ page, person } = await signedUpPage(browser, app.url, "integrator"));
  webhooks = new WebhooksPage(page, person.workspaceSlug);
  await webhooks.open();
});

afterAll(async () => {
  await browser?.close();
  await stopApp(app);
  await receiver?.close();
});

/** Creates a document from the page, as the app's own API call (same origin, the session's cookie). */
async function createDocument(title: string): Promise<string> {
  return page.evaluate(async (body) => {
    const response = await fetch("/api/v1/documents", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    return ((await response.json()) as { id: string }).id;
  }, { workspace: person.workspaceSlug, title });
}

async function axeViolations(on: Page = page): Promise<string[]> {
  await on.evaluate(AXE_SOURCE);
  const result = await on.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    return axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, resultTypes: ["violations"] });
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
}

describe("Settings → Webhooks", () => {
  it("names a missing event and keeps the address typed", async () => {
    await webhooks.submit({ url: `${receiver.url}/nothing`, events: [] });
    await expect.poll(() => page.locator("#webhook-events-error").textContent()).toBe("Choose at least one event.");
    expect(await page.getByLabel("Endpoint address").inputValue()).toBe(`${receiver.url}/nothing`);
  });

  it("adds a webhook (secret once), delivers a signed event answered 200, lists it and re-sends it", async () => {
    const url = `${receiver.url}/e2e`;
    const secret = await webhooks.create({ url, events: ["Document created"], description: "CI" });
    expect(secret).toMatch(/^whsec_/);
    receiver.useSecret(secret);
    expect(await axeViolations()).toEqual([]);

    const documentId = await createDocument("Launch plan");
    await expect.poll(() => receiver.received.filter((r) => r.path === "/e2e").length).toBe(1);
    const [first] = receiver.received.filter((r) => r.path === "/e2e");
    expect(first?.verified).toBe(true);
    expect(first?.payload).toMatchObject({ type: "document.created", data: { documentId, title: "Launch plan" } });

    // Reloaded, the secret is gone from the page; the list shows the delivery's outcome.
    await page.reload();
    expect(await page.content()).not.toContain(secret);
    // The attempt is recorded just after the receiver answers: reload until the list shows it.
    await expect
      .poll(async () => {
        await page.reload();
        return webhooks.row(url).textContent();
      })
      .toMatch(/last delivery delivered \(200\)/);

    await webhooks.openDeliveries(url);
    await expect.poll(() => webhooks.row("document.created").first().textContent()).toMatch(/Delivered · HTTP 200/);
    expect(await axeViolations()).toEqual([]);

    await page.getByRole("button", { name: /^Resend document\.created/ }).click();
    await page.getByText("Queued document.created again").waitFor();
    await expect.poll(() => receiver.received.filter((r) => r.path === "/e2e").length).toBe(2);
    const [, second] = receiver.received.filter((r) => r.path === "/e2e");
    expect(second?.verified).toBe(true);
    expect(second?.headers["webhook-id"]).toBe(first?.headers["webhook-id"]);
    await expect
      .poll(
        async () => {
          await page.getByRole("button", { name: "Refresh" }).click();
          return page.getByRole("list", { name: "Deliveries" }).getByRole("listitem").filter({ hasText: "Delivered · HTTP 200" }).count();
        },
      )
      .toBe(2);
  });

  it("reads well dark at 360 px: no axe violation, nothing wider than the window", async () => {
    const context = await browser!.newContext({ baseURL: app!.url, colorScheme: "dark", viewport: { width: 360, height: 800 }, storageState: await page.context().storageState() });
    const narrow = await context.newPage();
    await narrow.goto(`/w/${person.workspaceSlug}/settings/webhooks`);
    await narrow.getByRole("heading", { name: "Add a webhook" }).waitFor();
    expect(await axeViolations(narrow)).toEqual([]);
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await narrow.getByRole("link", { name: /^Deliveries of / }).first().click();
    await narrow.getByRole("heading", { name: "Deliveries" }).waitFor();
    expect(await axeViolations(narrow)).toEqual([]);
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await context.close();
  });

  it("deletes a webhook after confirmation: nothing more is sent to it", async () => {
    await webhooks.open();
    const url = `${receiver.url}/e2e`;
    await page.getByRole("button", { name: `Delete the webhook for ${url}` }).click();
    await page.getByRole("button", { name: "Delete webhook" }).click();
    await page.getByText(`Deleted the webhook for ${url}.`).waitFor();
    const before = receiver.received.length;
    await createDocument("After deletion");
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(receiver.received.length).toBe(before);
  });
});
