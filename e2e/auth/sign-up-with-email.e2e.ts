import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpSink } from "@test/smtp-sink";
import { SignUpPage } from "../pages/sign-up-page";
import { newPerson } from "../support/accounts";
import { launchBrowser, newContext } from "../support/browser";
import type { RunningApp } from "../support/start-app";
import { startApp, stopApp } from "../support/start-app";

// With SMTP_URL set, the sign-up form answers a new address and a taken one alike ("Check your
// email"), so it can't be used to learn who has an account; the email finishes the sign-up.

let app: RunningApp;
let browser: Browser;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink();
  [app, browser] = await Promise.all([startApp({ smtpUrl: sink.url }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await stopApp(app);
  await sink?.close();
});

function linkIn(address: string, pattern: RegExp): string | undefined {
  const body = sink.mailsTo(address)[0];
  return body ? pattern.exec(body)?.[0] : undefined;
}

describe("sign-up with SMTP set up", () => {
  it("sends a new address to its inbox, and the emailed link signs in and opens the new workspace", async () => {
    const person = newPerson("mailed");
    const page = await (await newContext(browser, app.url)).newPage();
    const form = new SignUpPage(page);
    await form.open();
    await form.fill(person);
    await form.submit();
    await page.waitForURL("**/signup/check-email");
    await page.getByRole("heading", { name: "Check your email" }).waitFor();

    await expect.poll(() => linkIn(person.email, /http:\/\/[^\s"<]+\/api\/auth\/verify-email\?[^\s"<]+/)).toBeDefined();
    await page.goto(linkIn(person.email, /http:\/\/[^\s"<]+\/api\/auth\/verify-email\?[^\s"<]+/) ?? "");
    await page.waitForURL(`**/w/${person.workspaceSlug}`);
    // Signed in: the workspace's sidebar, not the sign-in page.
    await page.locator("aside").getByRole("button", { name: "New document", exact: true }).waitFor();
  });

  it("answers a taken address exactly the same way, and emails its owner instead", async () => {
    const owner = newPerson("owner");
    const first = await (await newContext(browser, app.url)).newPage();
    await new SignUpPage(first).open();
    await new SignUpPage(first).fill(owner);
    await new SignUpPage(first).submit();
    await first.waitForURL("**/signup/check-email");

    const page = await (await newContext(browser, app.url)).newPage();
    const form = new SignUpPage(page);
    await form.open();
    await form.fill({ ...newPerson("prober"), email: owner.email });
    await form.submit();
    await page.waitForURL("**/signup/check-email");
    expect(await page.getByText("already exists").count()).toBe(0);
    await expect.poll(() => sink.received.filter((received) => received.to.includes(`<${owner.email}>`)).length).toBe(2);
    expect(sink.received.at(-1)?.data).toMatch(/Subject: You already have a Quire account/);
  });
});
