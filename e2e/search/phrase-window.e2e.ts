import crypto from "node:crypto";
import { generateNKeysBetween } from "fractional-indexing";
import pg from "pg";
import type { Browser } from "playwright-core";
import { adminQuery } from "@test/test-db";
import { afterAll, describe, expect, it } from "vitest";
import { axeViolationsInBothSchemes } from "../support/axe";
import { launchBrowser } from "../support/browser";
import type { RunningApp } from "../support/start-app";
import { startApp, stopApp } from "../support/start-app";
import { signedUpPage } from "../support/workspace";

// A phrase whose words are in more than PHRASE_WINDOW (1,000) documents is looked for in the newest
// 1,000 bodies only, and the results page says so. The choice rests on the planner's statistics,
// which only PostgreSQL keeps up to date by itself (autovacuum; the test runs ANALYZE), and
// 1,100 documents are written straight into the database: so this runs where .ci/run gives a
// PostgreSQL server, as e2e/server/postgres.e2e.ts does.
const serverUrl = process.env.TEST_DATABASE_URL;
const databaseName = `quire_e2e_${crypto.randomBytes(4).toString("hex")}`;
let app: RunningApp | undefined;
let browser: Browser | undefined;

afterAll(async () => {
  await browser?.close();
  await stopApp(app);
  if (serverUrl) await adminQuery(serverUrl, `drop database if exists ${databaseName} with (force)`);
});

describe.runIf(serverUrl)("a phrase of common words on the results page", () => {
  it("finds the newest body and any title holding it, says where it looked, and passes axe at 1280 and 360 px", async () => {
    await adminQuery(serverUrl ?? "", `create database ${databaseName}`);
    const url = new URL(serverUrl ?? "");
    url.pathname = `/${databaseName}`;
    app = await startApp({ env: { DATABASE_URL: url.toString() } });
    browser = await launchBrowser();
    const { page } = await signedUpPage(browser, app.url);
    const slug = new URL(page.url()).pathname.split("/")[2] ?? "";

    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    try {
      const workspaceId = (await db.query<{ id: string }>("select id from workspaces where slug = $1", [slug])).rows[0]?.id;
      const count = 1_103;
      const positions = generateNKeysBetween(null, null, count);
      // Every body holds both words; only the newest says the phrase, and one more 2,000 minutes ago.
      const rows = positions.map((position, i) => ({
        id: `phrasewin${String(i).padStart(3, "0")}`,
        position,
        title: i === 1 ? "Common words in a title" : `Filler ${i}`,
        text: i === 0 || i === count - 1 ? "the common words" : "words common filler",
        minutes: i === 1 || i === count - 1 ? 2_000 : i,
      }));
      await db.query(
        `insert into documents (id, workspace_id, position, title, text, created_at, updated_at)
         select id, $1, position, title, text, now() - make_interval(mins => minutes), now() - make_interval(mins => minutes)
         from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::int[]) as r(id, position, title, text, minutes)`,
        [workspaceId, rows.map((r) => r.id), rows.map((r) => r.position), rows.map((r) => r.title), rows.map((r) => r.text), rows.map((r) => r.minutes)],
      );
      await db.query("analyze documents");
    } finally {
      await db.end();
    }

    await page.goto(`/w/${slug}/search?q=${encodeURIComponent('"common words"')}`);
    const results = page.getByRole("list", { name: "Results" }).getByRole("link");
    await expect.poll(() => results.allTextContents()).toEqual(["Common words in a title", "Filler 0"]);
    const note = page.getByText("A phrase of common words is looked for in every title, and in the text of the 1,000 most recently updated documents.");
    expect(await note.isVisible()).toBe(true);
    expect(await axeViolationsInBothSchemes(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await axeViolationsInBothSchemes(page)).toEqual([]);

    // Another word narrows it to a few documents: every body is searched, and nothing is said.
    await page.goto(`/w/${slug}/search?q=${encodeURIComponent('"common words" the')}`);
    await expect.poll(() => results.count()).toBe(2);
    expect(await note.count()).toBe(0);
  });
});
