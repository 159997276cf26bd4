import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignInPage } from "../pages/sign-in-page";
import { SignUpPage } from "../pages/sign-up-page";
import { newPerson, signInViaApi } from "../support/accounts";
import { newContext } from "../support/browser";
import type { RunningApp } from "../support/start-app";
import { startAppAndBrowser, stopAppAndBrowser } from "../support/start-app";

// A server of its own: the limit counts per client address, and every test here is 127.0.0.1.
let app: RunningApp;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await startAppAndBrowser();
});
afterAll(() => stopAppAndBrowser(app, browser));

describe("sign-in rate limit", () => {
  it("refuses the 11th failed sign-in within a minute with 429, and the form says when to retry", async () => {
    const person = newPerson("limited");
    const page = await (await newContext(browser, app.url)).newPage();
    await new SignUpPage(page).signUp(person);
    const wrong = { email: person.email, password: "wrong-password" };
    for (let i = 0; i < 10; i++) expect((await signInViaApi(app.url, wrong)).status).toBe(401);
    const refused = await signInViaApi(app.url, wrong);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

    const fresh = await (await newContext(browser, app.url)).newPage();
    const signIn = new SignInPage(fresh);
    await signIn.signIn(person.email, person.password); // even the right password waits
    await expect.poll(() => signIn.formMessage().textContent()).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds?\.$/);
  });
});
