import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignInPage } from "../pages/sign-in-page";
import { SignUpPage } from "../pages/sign-up-page";
import { newPerson, signInViaApi } from "../support/accounts";
import { launchBrowser, newContext } from "../support/browser";
import type { RunningApp } from "../support/start-app";
import { startApp } from "../support/start-app";
import { stopAppAndBrowser } from "../support/app-and-browser";

// A server of its own: the limits count per client address. Behind a trusted proxy (TRUST_PROXY=1)
// the address is X-Forwarded-For's, which stands in for people at other addresses; the browser,
// sending none, is 127.0.0.1.
let app: RunningApp;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await Promise.all([startApp({ env: { TRUST_PROXY: "1" } }), launchBrowser()]);
});
afterAll(() => stopAppAndBrowser(app, browser));

const FROM_HOME = { "x-forwarded-for": "198.51.100.2" };

describe("sign-in rate limit", () => {
  it("refuses an account's 11th failure from one address with 429, and the form says how long to wait", async () => {
    const person = newPerson("limited");
    const page = await (await newContext(browser, app.url)).newPage();
    await new SignUpPage(page).signUp(person);
    const wrong = { email: person.email, password: "wrong-password" };
    for (let i = 0; i < 10; i++) expect((await signInViaApi(app.url, wrong)).status).toBe(401);
    const refused = await signInViaApi(app.url, wrong);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(14 * 60);

    const fresh = await (await newContext(browser, app.url)).newPage();
    const signIn = new SignInPage(fresh);
    await signIn.signIn(person.email, person.password); // even the right password waits, from this address
    await expect.poll(() => signIn.formMessage().textContent()).toMatch(/^Too many sign-in attempts\. Try again in 1[45] minutes\.$/);
  });

  it("keeps the right password working from another address, and other accounts from the same one", async () => {
    const [victim, colleague] = [newPerson("victim"), newPerson("colleague")];
    for (const person of [victim, colleague]) await new SignUpPage(await (await newContext(browser, app.url)).newPage()).signUp(person);
    for (let i = 0; i < 10; i++) expect((await signInViaApi(app.url, { email: victim.email, password: "wrong-password" })).status).toBe(401);
    expect((await signInViaApi(app.url, victim)).status).toBe(429);

    expect((await signInViaApi(app.url, victim, FROM_HOME)).status).toBe(200);
    expect((await signInViaApi(app.url, colleague)).status).toBe(200);
    const page = await (await newContext(browser, app.url)).newPage();
    await new SignInPage(page).signIn(colleague.email, colleague.password);
    await page.waitForURL(`**/w/${colleague.workspaceSlug}`);
  });

  it("counts by the address the proxy added, whatever the client writes before it in X-Forwarded-For", async () => {
    // QA fourth report #3: nginx's $proxy_add_x_forwarded_for appends the address it saw to the
    // client's own header; a new first entry each time escaped every limit.
    const person = newPerson("forger");
    await new SignUpPage(await (await newContext(browser, app.url)).newPage()).signUp(person);
    const wrong = { email: person.email, password: "wrong-password" };
    const forged = (i: number) => ({ "x-forwarded-for": `192.0.2.${i + 1}, 198.51.100.77` });
    for (let i = 0; i < 10; i++) expect((await signInViaApi(app.url, wrong, forged(i))).status).toBe(401);
    expect((await signInViaApi(app.url, wrong, forged(10))).status).toBe(429);
    expect((await signInViaApi(app.url, person, forged(11))).status).toBe(429);
  });
});
