import type { Browser } from "playwright-core";
import { launchBrowser } from "../../e2e/support/browser";
import type { RunningApp } from "../../e2e/support/start-app";
import { startApp, stopApp } from "../../e2e/support/start-app";
import { signedUpPage } from "../../e2e/support/workspace";
import { generateText } from "./generate-text";
import { benchTyping } from "./typing-bench";

// `npm run bench:tables`: typing latency inside a cell of a 50 × 10 table in a 10,000-word
// document, against typing in a paragraph of the same document (docs/benchmarks.md "Tables").
// Prints the numbers; `-- --quick` (CI's smoke run) types 20 keys in each, into a 1,000-word
// document with a 5 × 3 table: the same steps on a page that loads in a fraction of the time.
const isQuick = process.argv.includes("--quick");
const TYPING = { keystrokes: isQuick ? 20 : 300, intervalMs: 50 };
const WORDS = isQuick ? 1_000 : 10_000;
const ROWS = isQuick ? 5 : 50;
const COLUMNS = isQuick ? 3 : 10;

let app: RunningApp | undefined;
let browser: Browser | undefined;
try {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  const { page, person } = await signedUpPage(browser, app.url, "tables-bench");
  const cookies = await page.context().cookies();
  const lines = generateText(WORDS, 10).text.split("\n").filter(Boolean);
  const half = Math.floor(lines.length / 2);
  const cell = (row: number, column: number) => [{ insert: `r${row}c${column}` }, { insert: "\n", attributes: { table: `row-b${row}` } }];
  const table = Array.from({ length: ROWS }, (_, row) => Array.from({ length: COLUMNS }, (_, column) => cell(row, column)).flat()).flat();
  const ops = [{ insert: `${lines.slice(0, half).join("\n")}\n` }, ...table, { insert: `${lines.slice(half).join("\n")}\n` }];
  const response = await page.request.post("/api/v1/documents", {
    headers: { origin: app.url },
    data: { workspace: person.workspaceSlug, title: "Table bench", delta: { ops } },
  });
  if (response.status() !== 201) throw new Error(`create: ${response.status()} ${await response.text()}`);
  const { url } = (await response.json()) as { url: string };
  await page.context().close();
  const text = generateText(100, 7).text.replace(/\n/g, " ");
  const inCell = await benchTyping(browser, app.url, cookies, url, { ...TYPING, text, target: "td" });
  const inParagraph = await benchTyping(browser, app.url, cookies, url, { ...TYPING, text });
  const row = (label: string, r: typeof inCell) =>
    `| ${label} | ${r.measured}/${r.keystrokes} | ${r.toDom.p50.toFixed(1)} | ${r.toDom.p95.toFixed(1)} | ${r.toDom.max.toFixed(1)} | ${r.toPaint.p95.toFixed(1)} |`;
  console.log(
    [
      `Typing ${TYPING.keystrokes} characters, one per ${TYPING.intervalMs} ms, into a ${WORDS.toLocaleString("en")}-word document with a ${ROWS} × ${COLUMNS} table (ms):`,
      "",
      "| where | measured | keydown → DOM p50 | p95 | max | keydown → paint p95 |",
      "|---|---|---|---|---|---|",
      row(`a cell (the middle one of ${inCell.paragraphs})`, inCell),
      row(`a paragraph (the middle one of ${inParagraph.paragraphs})`, inParagraph),
    ].join("\n"),
  );
} catch (error) {
  process.exitCode = 1;
  console.error(error);
  if (app) console.error(`server output:\n${app.output().slice(-4000)}`);
} finally {
  await browser?.close();
  await stopApp(app);
}
