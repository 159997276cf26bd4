import type { Browser } from "playwright-core";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP_CHROMIUM_PATH } from "../support/browser";
import type { RunningApp } from "../support/start-app";
import { startAppAndBrowser, stopAppAndBrowser } from "../support/app-and-browser";
import { signedUpPage } from "../support/workspace";

// Lighthouse's accessibility audit scores 100 on the main screens (its performance score is a
// timing, so it lives in a benchmark: npm run bench:lighthouse). Lighthouse (new dev
// dependency, the audit the issue names) drives Debian's Chromium: nothing is downloaded.

let app: RunningApp;
let browser: Browser;
let chrome: chromeLauncher.LaunchedChrome;
let cookie: string;
const urls: Record<string, string> = {};

beforeAll(async () => {
  [app, browser] = await startAppAndBrowser();
  const { page, person } = await signedUpPage(browser, app.url, "lighthouse");
  const words = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau upsilon".split(" ");
  const paragraphs: string[] = [];
  for (let count = 0; count < 10_000; ) {
    const length = 40 + (paragraphs.length % 30);
    paragraphs.push(`${Array.from({ length }, (_, i) => words[(i * 7 + paragraphs.length) % words.length]).join(" ")}.`);
    count += length;
  }
  const response = await page.request.post("/api/v1/documents", {
    headers: { origin: app.url },
    data: { workspace: person.workspaceSlug, title: "Ten thousand words", markdown: paragraphs.join("\n\n") },
  });
  const doc = (await response.json()) as { url: string };
  cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  Object.assign(urls, {
    landing: `${app.url}/`,
    "sign-in": `${app.url}/login`,
    home: `${app.url}/w/${person.workspaceSlug}`,
    document: `${app.url}${doc.url}`,
    settings: `${app.url}/w/${person.workspaceSlug}/settings/members`,
    search: `${app.url}/w/${person.workspaceSlug}/search?q=alpha`,
  });
  chrome = await chromeLauncher.launch({ chromePath: DESKTOP_CHROMIUM_PATH, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
});

afterAll(async () => {
  await chrome?.kill();
  await stopAppAndBrowser(app, browser);
});

/** Lighthouse's scores (0–1) for `url` on desktop, signed in unless `isPublic`. */
async function audit(url: string, categories: string[], isPublic: boolean): Promise<Record<string, number | null>> {
  const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: categories, extraHeaders: isPublic ? undefined : { Cookie: cookie } }, desktopConfig);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  return Object.fromEntries(Object.entries(result.lhr.categories).map(([id, category]) => [id, category.score]));
}

describe("Lighthouse", () => {
  it("scores accessibility 100 on the main screens", async () => {
    const scores: Record<string, number | null> = {};
    for (const [name, url] of Object.entries(urls)) scores[name] = (await audit(url, ["accessibility"], name === "landing" || name === "sign-in")).accessibility ?? null;
    expect(scores).toEqual(Object.fromEntries(Object.keys(urls).map((name) => [name, 1])));
  });

});
