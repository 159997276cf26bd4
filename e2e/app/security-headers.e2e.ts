import path from "node:path";
import type { Page } from "playwright-core";
import WebSocket from "ws";
import { describe, expect, it } from "vitest";
import { missingServices, startPostgres } from "@test/services";
import { EditorPage } from "../pages/editor-page";
import { SignUpPage } from "../pages/sign-up-page";
import { Sidebar } from "../pages/sidebar";
import { newPerson } from "../support/accounts";
import { newContext } from "../support/browser";
import { startApp } from "../support/start-app";
import { FIXTURES } from "../support/workspace";
import { withAppAndBrowser } from "../support/app-and-browser";

const { app, browser } = withAppAndBrowser();

/** Every CSP violation and console error a page reports, across its navigations. */
async function watchedPage(baseUrl = app.url): Promise<{ page: Page; problems: string[] }> {
  const context = await newContext(browser, baseUrl);
  const problems: string[] = [];
  // A binding and an init script are CDP-level: the page's CSP can't block them.
  await context.exposeBinding("reportCspViolation", (_source, line: string) => void problems.push(`CSP: ${line}`));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportCspViolation(line: string): void }).reportCspViolation;
      report(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"} in ${event.documentURI} (${event.sample}) at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`);
    });
  });
  const page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    // The 404 and 500 pages (and the failing action, posted to its page) answer with those
    // statuses on purpose; Chromium also probes /favicon.ico on its own (Quire's icon is icon.svg).
    const isExpectedStatus =
      /Failed to load resource: the server responded with a status of (404|500)/.test(message.text()) &&
      (message.location().url === page.url() || message.location().url === `${baseUrl}/favicon.ico`);
    if (!isExpectedStatus) problems.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return { page, problems };
}

/** Picks the other theme from the toggle and waits for <html> to follow. */
async function switchTheme(page: Page) {
  const isDark = async () => ((await page.locator("html").getAttribute("class")) ?? "").split(" ").includes("dark");
  const wasDark = await isDark();
  await page.getByRole("button", { name: "Theme" }).click();
  await page.getByRole("menuitemradio", { name: wasDark ? "Light" : "Dark" }).click();
  await expect.poll(isDark).toBe(!wasDark);
}

/** The page's CSP, parsed into its directives. */
function directivesOf(header: string | undefined): Map<string, string[]> {
  return new Map((header ?? "").split(";").map((d) => d.trim().split(/\s+/)).map(([name = "", ...sources]) => [name, sources]));
}

function expectBaseHeaders(headers: Record<string, string>, label: string) {
  expect(headers["x-content-type-options"], label).toBe("nosniff");
  expect(headers["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"], label).toContain("camera=()");
  expect(headers["x-frame-options"], label).toBe("DENY");
  // PUBLIC_URL is unset (plain http): no HSTS.
  expect(headers["strict-transport-security"], label).toBeUndefined();
}

describe("security headers and the content security policy", () => {
  it("reports no CSP violation or console error on any page, the editor included", async () => {
    const { page, problems } = await watchedPage();
    const person = newPerson("csp");

    for (const path of ["/", "/login", "/signup"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await switchTheme(page); // scripts ran: React hydrated, next-themes answers
    }

    await new SignUpPage(page).signUp(person);
    await new Sidebar(page).newTopLevelDocument();
    const editor = new EditorPage(page);
    await editor.waitUntilEditable(); // the /collab socket connected and synced
    await editor.body().click();
    await page.locator(".ql-toolbar .ql-formula").click();
    await page.locator(".ql-tooltip[data-mode=formula] input").fill("e=mc^2");
    await page.locator(".ql-tooltip[data-mode=formula] input").press("Enter");
    await expect.poll(() => editor.body().locator(".ql-formula .katex").count()).toBe(1);
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Enter");
    const chooser = page.waitForEvent("filechooser");
    await page.locator(".ql-toolbar .ql-image").click();
    await (await chooser).setFiles(path.join(FIXTURES, "red.png"));
    await expect.poll(() => editor.body().locator("img").count()).toBe(1);
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("const x = 1;");
    await page.locator(".ql-toolbar .ql-code-block").click();
    await editor.body().locator("select.ql-ui").selectOption("javascript");
    // highlight.js runs on the syntax module's 1 s timer; the language switch re-highlights at once.
    await expect.poll(() => editor.body().locator(".ql-code-block[data-language=javascript]").count()).toBe(1);
    await expect.poll(() => editor.body().locator(".ql-code-block .ql-token").count()).toBeGreaterThan(0);
    await editor.waitUntilSaved();

    // The server-rendered document: KaTeX and highlight.js markup with style attributes, the image through /_next/image.
    await page.reload();
    await editor.waitUntilEditable();
    await expect.poll(() => editor.body().locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    for (const section of ["settings", "settings/members", "trash"]) {
      const response = await page.goto(`/w/${person.workspaceSlug}/${section}`);
      expect(response?.status(), section).toBe(200);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
    }

    const missing = await page.goto("/no-such-page");
    expect(missing?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("This page could not be found");

    // A NUL byte in a name is refused like any other invalid character: a field error, not a fault.
    await page.goto(`/w/${person.workspaceSlug}/settings`);
    await page.getByLabel("Workspace name").fill("Team\u0000");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Workspace names can't hold tabs, line breaks or other control characters.").waitFor();

    expect(problems).toEqual([]);
  });

  it.skipIf(missingServices())("serves the 500 page of a genuine server fault, the database gone, under the page policy", async () => {
    // A fault no validation can prevent: the app runs on a PostgreSQL that stops under it.
    const postgres = await startPostgres();
    const faulty = await startApp({ env: { DATABASE_URL: postgres.url } });
    try {
      const { page, problems } = await watchedPage(faulty.url);
      const person = newPerson("fault");
      await new SignUpPage(page).signUp(person);
      await postgres.stop();
      const response = await page.goto(`/w/${person.workspaceSlug}/settings`);
      expect(response?.status()).toBe(500);
      expect(directivesOf(response?.headers()["content-security-policy"]).get("script-src")?.[1]).toMatch(/^'nonce-/);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Internal Server Error");
      // React logs the failed server render (minified error #441), and the bell's live count (open
      // on the page before) may log its stream's 500 as it reconnects: the fault itself, nothing else.
      const isTheFault = (line: string) => line.includes("Minified React error #441") || (line.includes("status of 500") && line.includes("/api/v1/notifications/stream"));
      expect(problems.filter((line) => !isTheFault(line))).toEqual([]);
    } finally {
      await faulty.stop();
    }
  });

  it("gives every page its own nonce, on Next's scripts, and a policy without inline scripts", async () => {
    const [first, second] = await Promise.all([fetch(`${app.url}/login`), fetch(`${app.url}/login`)]);
    const policies = [first, second].map((response) => directivesOf(response.headers.get("content-security-policy") ?? undefined));
    const nonces = policies.map((policy) => /^'nonce-(.+)'$/.exec(policy.get("script-src")?.[1] ?? "")?.[1]);
    expect(nonces[0]).toBeTruthy();
    expect(nonces[0]).not.toBe(nonces[1]);

    const [policy] = policies as [Map<string, string[]>];
    expect(policy.get("script-src")).toEqual(["'self'", `'nonce-${nonces[0]}'`, "'strict-dynamic'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("img-src")).toEqual(expect.arrayContaining(["'self'", "data:", "blob:"]));
    expect(policy.get("connect-src")).toEqual(["'self'", `ws://127.0.0.1:${app.port}`]);

    const html = await first.text();
    const scriptNonces = [...html.matchAll(/<script\b[^>]*?\snonce="([^"]*)"/g)].map((m) => m[1]);
    const scripts = html.match(/<script\b/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    expect(scriptNonces).toHaveLength(scripts.length); // every script, inline or not, carries it
    expect(new Set(scriptNonces)).toEqual(new Set([nonces[0]]));
    expectBaseHeaders(Object.fromEntries(first.headers), "page");
  });

  it("sends the headers on API answers, static files, optimised images, 404s and refused sockets", async () => {
    const { page } = await watchedPage();
    await new SignUpPage(page).signUp(newPerson("headers"));
    await new Sidebar(page).newTopLevelDocument();
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    const chooser = page.waitForEvent("filechooser");
    await page.locator(".ql-toolbar .ql-image").click();
    await (await chooser).setFiles(path.join(FIXTURES, "red.png"));
    await expect.poll(() => editor.body().locator("img").count()).toBe(1);
    await editor.waitUntilSaved();
    // The server-rendered page routes the image through /_next/image (the live editor then swaps in its own).
    let html = "";
    await expect
      .poll(async () => (html = await (await page.request.get(page.url())).text()).includes("/_next/image"))
      .toBe(true);
    const imageUrl = /src="(\/_next\/image\?[^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
    const scriptUrl = /<script src="(\/_next\/static\/[^"]+)"/.exec(html)?.[1];
    expect(imageUrl).toBeTruthy();
    expect(scriptUrl).toBeTruthy();

    const resources: Array<[string, string, number]> = [
      ["API", "/api/health", 200],
      ["API error", "/api/v1/nothing-here", 404],
      ["static file", scriptUrl ?? "", 200],
      ["icon", "/icon.svg", 200],
      ["optimised image", imageUrl ?? "", 200],
    ];
    for (const [label, url, status] of resources) {
      const response = await page.request.get(url);
      expect(response.status(), `${label}: ${url} ${status === response.status() ? "" : await response.text()}`).toBe(status);
      const headers = response.headers();
      expectBaseHeaders(headers, label);
      const policy = directivesOf(headers["content-security-policy"]);
      expect(policy.get("default-src"), label).toEqual(["'none'"]);
      expect(policy.get("frame-ancestors"), label).toEqual(["'none'"]);
      if (label === "optimised image") expect(policy.has("sandbox"), label).toBe(true);
    }

    const notFound = await page.request.get("/no-such-page");
    expect(notFound.status()).toBe(404);
    expect(notFound.headers()["content-security-policy"]).toContain("'strict-dynamic'");
    expectBaseHeaders(notFound.headers(), "404 page");

    const refused = await new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${app.port}/collab`, { headers: { origin: "https://evil.example" } });
      ws.on("unexpected-response", (_request, response) => resolve(response.headers));
      ws.on("open", () => reject(new Error("a foreign page's handshake was accepted")));
      ws.on("error", () => undefined); // the refusal itself; the headers were already read
    });
    expect(refused["x-content-type-options"]).toBe("nosniff");
    expect(refused["content-security-policy"]).toContain("default-src 'none'");
  });
});
