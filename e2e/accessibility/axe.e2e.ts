import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solidPng } from "@test/file-factories";
import { HistoryPage } from "../pages/history-page";
import { ShareDialog } from "../pages/share-dialog";
import { axeViolationsInBothSchemes } from "../support/axe";
import type { Person } from "../support/accounts";
import type { RunningApp } from "../support/start-app";
import { startAppAndBrowser, stopAppAndBrowser } from "../support/app-and-browser";
import { signedUpPage } from "../support/workspace";
import { watchRequests } from "../support/network-quiet";

// axe-core (WCAG 2.0/2.1, levels A and AA) on every main screen, in light and dark, at
// 1280 and 360 px: each must report no violation. The editor screen holds an image, a formula
// and a code block, where the editor's own controls live.

interface Screen {
  name: string;
  path: (fx: Fixture) => string;
  /** Signed out: a fresh context without the owner's session. */
  isPublic?: boolean;
  /** What to do once the page is there, before axe runs (open a dialog, wait for the editor). */
  prepare?: (page: Page) => Promise<void>;
}

interface Fixture {
  person: Person;
  docPath: string;
  docId: string;
  revisionPath: string;
  sharePath: string;
  /** A built-in template's editor (Settings → Templates → Meeting notes). */
  templatePath: string;
  /** A document in the trash, for the trash page's "Moved … to the trash" notice. */
  trashedId: string;
}

const waitForEditor = async (page: Page) => {
  await page.locator(".ql-toolbar").first().waitFor();
  await page.getByTestId("editor-mount").locator(".ql-editor").waitFor();
};

const SCREENS: Screen[] = [
  { name: "landing", path: () => "/", isPublic: true },
  { name: "sign-in", path: () => "/login", isPublic: true },
  { name: "sign-up", path: () => "/signup", isPublic: true },
  { name: "home", path: (fx) => `/w/${fx.person.workspaceSlug}` },
  { name: "editor", path: (fx) => fx.docPath, prepare: waitForEditor },
  {
    name: "editor, link box",
    path: (fx) => fx.docPath,
    prepare: async (page) => {
      await waitForEditor(page);
      await page.getByTestId("editor-mount").locator(".ql-editor a").click();
      await page.locator(".ql-tooltip a.ql-action").click(); // "Edit": the address field
      await page.getByRole("textbox", { name: "Link address" }).waitFor();
    },
  },
  {
    name: "editor, keyboard shortcuts",
    path: (fx) => fx.docPath,
    prepare: async (page) => {
      await waitForEditor(page);
      await page.getByRole("button", { name: "Document actions" }).click();
      await page.getByRole("menuitem", { name: "Keyboard shortcuts" }).click();
      await page.getByRole("dialog", { name: "Keyboard shortcuts" }).waitFor();
    },
  },
  {
    // The toolbar with its "More formatting" row open (fonts, sizes and sub/superscript at 1280 px; more in a narrow window).
    name: "editor, more formatting",
    path: (fx) => fx.docPath,
    prepare: async (page) => {
      await waitForEditor(page);
      const more = page.getByRole("button", { name: "More formatting" });
      if (await more.isVisible()) await more.click();
    },
  },
  {
    // The contents list, open over the page below 1680 px.
    name: "editor, contents",
    path: (fx) => fx.docPath,
    prepare: async (page) => {
      await waitForEditor(page);
      await page.getByRole("button", { name: /^Contents/ }).click();
      await page.getByTestId("outline-list").waitFor();
    },
  },
  {
    name: "share dialog",
    path: (fx) => fx.docPath,
    prepare: async (page) => {
      await waitForEditor(page);
      await page.getByRole("link", { name: "Share" }).click();
      await new ShareDialog(page).modal().waitFor();
    },
  },
  { name: "search", path: (fx) => `/w/${fx.person.workspaceSlug}/search?q=formula` },
  { name: "history", path: (fx) => `${fx.docPath}/history` },
  { name: "revision", path: (fx) => fx.revisionPath },
  ...["general", "members", "invitations", "api-tokens", "import-export", "audit-log", "webhooks", "authentication", "templates"].map((section) => ({
    name: `settings ${section}`,
    path: (fx: Fixture) => `/w/${fx.person.workspaceSlug}/settings/${section}`,
  })),
  { name: "template editor", path: (fx) => fx.templatePath, prepare: (page) => page.getByTestId("template-editor").locator(".ql-toolbar + .ql-container .ql-editor").waitFor() },
  {
    name: "new from template dialog",
    path: (fx) => `/w/${fx.person.workspaceSlug}`,
    prepare: async (page) => {
      await page.keyboard.press("Control+k");
      await page.getByRole("option", { name: "New from template" }).click();
      await page.getByRole("dialog", { name: "New from template" }).getByRole("button", { name: /^Meeting notes/ }).waitFor();
    },
  },
  { name: "trash", path: (fx) => `/w/${fx.person.workspaceSlug}/trash` },
  {
    name: "trash, after Move to trash",
    path: (fx) => `/w/${fx.person.workspaceSlug}/trash?trashed=${fx.trashedId}`,
    prepare: (page) => page.getByTestId("trashed-notice").getByRole("status").getByText("to the trash").waitFor(),
  },
  { name: "notifications", path: (fx) => `/w/${fx.person.workspaceSlug}/notifications` },
  { name: "unsubscribe", path: () => "/unsubscribe?token=mention.someone.not-a-signature-not-a-signature", isPublic: true },
  { name: "print view", path: (fx) => `${fx.docPath}/print` },
  { name: "new workspace", path: () => "/workspaces/new" },
  { name: "profile", path: () => "/profile" },
  { name: "security", path: () => "/profile/security" },
  {
    // Two-factor's enrolment, started and never confirmed (confirming would replace the owner's session).
    name: "security, two-factor enrolment",
    path: () => "/profile/security",
    prepare: async (page) => {
      const section = page.getByRole("region", { name: "Two-factor authentication" });
      await section.getByLabel("Your password").fill(fx.person.password);
      await section.getByRole("button", { name: "Turn on two-factor authentication" }).click();
      await section.getByRole("img", { name: /QR code/ }).waitFor();
    },
  },
  { name: "two-factor sign-in", path: () => "/login/two-factor", isPublic: true },
  { name: "forgot password", path: () => "/forgot-password", isPublic: true },
  { name: "reset password", path: () => "/reset-password?token=not-a-token", isPublic: true },
  { name: "published page", path: (fx) => fx.sharePath, isPublic: true },
];

// Each screen is loaded once per width and checked in light, then in dark (the colour scheme
// switched on the loaded page, as a reader's system setting would): loading it once per scheme
// too doubled the file's time, the longest of the suite.
const WIDTHS = [1280, 360] as const;

let app: RunningApp;
let browser: Browser;
let owner: { page: Page; person: Person };
let fx: Fixture;

beforeAll(async () => {
  [app, browser] = await startAppAndBrowser();
  owner = await signedUpPage(browser, app.url, "a11y");
  const { page, person } = owner;
  const image = `data:image/png;base64,${Buffer.from(solidPng(160, 90)).toString("base64")}`;
  const created = await page.request.post("/api/v1/documents", {
    headers: { origin: app.url },
    data: {
      workspace: person.workspaceSlug,
      title: "Field notes",
      delta: {
        ops: [
          { insert: "Observations" },
          { insert: "\n", attributes: { header: 2 } },
          { insert: "A paragraph with a " },
          { insert: "link", attributes: { link: "https://example.com" } },
          { insert: " and a formula " },
          { insert: { formula: "e^{i\\pi} + 1 = 0" } },
          { insert: ".\n" },
          { insert: { image } },
          { insert: "\nconst answer = 42;" },
          { insert: "\n", attributes: { "code-block": "javascript" } },
          { insert: "The end.\n" },
        ],
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const doc = (await created.json()) as { id: string; url: string };
  // A trashed document, so the trash has a row.
  const scrap = await page.request.post("/api/v1/documents", { headers: { origin: app.url }, data: { workspace: person.workspaceSlug, title: "Scrap" } });
  const scrapId = ((await scrap.json()) as { id: string }).id;
  expect((await page.request.delete(`/api/v1/documents/${scrapId}`, { headers: { origin: app.url } })).status()).toBe(200);

  await page.goto(doc.url);
  await waitForEditor(page);
  const history = new HistoryPage(page);
  await history.saveVersion("First draft");
  await history.openTimeline();
  await history.openRevision("First draft");
  const revisionPath = new URL(page.url()).pathname;
  await page.goto(doc.url);
  await waitForEditor(page);
  await page.getByRole("link", { name: "Share" }).click();
  const sharePath = await new ShareDialog(page).createLink();
  const templates = await page.request.get(`/api/v1/templates?workspace=${person.workspaceSlug}`);
  const meeting = ((await templates.json()) as { data: Array<{ id: string; name: string }> }).data.find((t) => t.name === "Meeting notes");
  fx = { person, docPath: doc.url, docId: doc.id, revisionPath, sharePath, templatePath: `/w/${person.workspaceSlug}/settings/templates/${meeting?.id}`, trashedId: scrapId };
});

afterAll(async () => {
  await stopAppAndBrowser(app, browser);
});

async function contextFor(width: (typeof WIDTHS)[number], isPublic: boolean): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: app.url,
    viewport: { width, height: 800 },
    ...(isPublic ? {} : { storageState: await owner.page.context().storageState() }),
  });
}

// One test per screen and width: the whole list in one test ran past 300 s on a slow machine, and
// a violation names its screen in the title. Each screen gets a new page (a screen left behind,
// such as the template editor, has kept the next one from settling), in one context per width for
// the signed-out screens and one for the owner's.
for (const width of WIDTHS) {
  describe(`axe on every main screen at ${width} px`, () => {
    const contexts = new Map<boolean, Promise<BrowserContext>>();
    const contextOnce = (isPublic: boolean): Promise<BrowserContext> => {
      let context = contexts.get(isPublic);
      if (!context) {
        context = contextFor(width, isPublic);
        contexts.set(isPublic, context);
      }
      return context;
    };
    afterAll(async () => {
      for (const context of contexts.values()) await (await context).close();
    });

    for (const screen of SCREENS) {
      it(`${screen.name}: no WCAG 2.1 A/AA violation in light or dark`, async () => {
        const page = await (await contextOnce(Boolean(screen.isPublic))).newPage();
        try {
          const requests = watchRequests(page);
          await page.goto(screen.path(fx));
          const pending = await requests.quiet(30_000);
          if (pending.length > 0) console.warn(`[axe] ${screen.name} at ${width} px: still loading after 30 s, checked as it is:\n  ${pending.join("\n  ")}`);
          await screen.prepare?.(page);
          expect(await axeViolationsInBothSchemes(page)).toEqual([]);
        } finally {
          await page.close();
        }
      });
    }
  });
}
