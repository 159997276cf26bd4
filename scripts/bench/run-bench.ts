import path from "node:path";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../../e2e/support/browser";
import type { RunningApp } from "../../e2e/support/start-app";
import { startApp, stopApp } from "../../e2e/support/start-app";
import { signedUpPage } from "../../e2e/support/workspace";
import { formatEditorBenchSection, writeBenchSection } from "./benchmarks-doc";
import type { EditableResult } from "./editable-bench";
import { benchEditable } from "./editable-bench";
import { generateText } from "./generate-text";
import { benchRender } from "./render-bench";
import type { BenchResults } from "./report";
import { describeMachine, formatSection } from "./report";
import { createDocuments, fillDocument, readStored } from "./seed-documents";
import { measurePgliteQueryCost } from "./pglite-query-cost";
import { benchTyping } from "./typing-bench";

// `npm run bench` (issue #3): server render, time to editable and typing latency on a
// 10,000- and a 100,000-word document, against a production server of our own; render and time
// to editable also for one paragraph of 4,000 bold words (QA third sweep #5: 57 s to open).
// `-- --quick` runs every step once on small documents and writes nothing: CI's smoke run, which
// fails only if the bench itself breaks (a probe the CSP blocks, a selector that moved). It
// leaves out the smaller text document: the larger one takes the same steps.
const ROOT = path.resolve(import.meta.dirname, "../..");
const OUTPUT = path.join(ROOT, "docs", "benchmarks.md");
const isQuick = process.argv.includes("--quick");
// The empty document is for (a) only: the fixed cost of the page, whatever the body.
// Typing (c) goes into the last one.
const BOLD_WORDS = isQuick ? 400 : 4_000;
const SIZES: Array<{ label: string; words: number; seed: number; boldWords?: number }> = [
  { label: "empty document", words: 0, seed: 0 },
  ...(isQuick ? [] : [{ label: "10,000 words", words: 10_000, seed: 10 }]),
  { label: `${BOLD_WORDS.toLocaleString("en")} bold words in one paragraph`, words: BOLD_WORDS * 2, seed: 0, boldWords: BOLD_WORDS },
  isQuick ? { label: "1,000 words", words: 1_000, seed: 100 } : { label: "100,000 words", words: 100_000, seed: 100 },
];
const EDITABLE_RUNS = isQuick ? 1 : 5;
const TYPING = { keystrokes: isQuick ? 20 : 500, intervalMs: 50 };

const began = performance.now();
const log = (message: string) => console.log(`[bench ${((performance.now() - began) / 1000).toFixed(0).padStart(3)} s] ${message}`);

let app: RunningApp | undefined;
let browser: Browser | undefined;
try {
  log("starting the production server on a temporary data directory and Chromium…");
  // LOG_SQL: the render bench counts the statements a page sends (one `[sql]` line each).
  [app, browser] = await Promise.all([startApp({ env: { LOG_SQL: "1" } }), launchBrowser()]);
  const running = app;
  const countStatements = () => running.output().split("[sql] ").length - 1;
  const { page } = await signedUpPage(browser, app.url, "bench");
  const cookies = await page.context().cookies();
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const ids = await createDocuments(page, SIZES.length);
  await page.context().close(); // an open editor would receive the text too

  const documents = [];
  for (const [i, size] of SIZES.entries()) {
    const id = ids[i] ?? "";
    if (size.words === 0) {
      documents.push({ ...size, id, path: (await readStored(app.url, cookie, id)).url, storeMs: 0, paragraphs: 0, marker: null });
      continue;
    }
    if (size.boldWords) {
      log(`filling a document with ${size.label} over /collab…`);
      // "ab ", a bold word, " ": the QA's shape, each run short and formatted.
      const ops = Array.from({ length: size.boldWords }, () => [{ insert: "ab " }, { insert: "word", attributes: { bold: true } }, { insert: " " }]).flat();
      const marker = "A paragraph of bold words: ";
      documents.push({ ...size, ...(await fillDocument(app, cookie, id, [{ insert: marker }, ...ops, { insert: "\n" }])), paragraphs: 1, marker });
      continue;
    }
    const generated = generateText(size.words, size.seed);
    log(`filling a document with ${size.label} (${generated.paragraphs} paragraphs) over /collab…`);
    const seeded = await fillDocument(app, cookie, id, generated.text);
    documents.push({ ...size, ...seeded, paragraphs: generated.paragraphs, marker: firstWords(generated.text) });
  }
  const bodies = documents.filter((doc) => doc.words > 0);

  const render = [];
  for (const doc of documents) {
    log(`(a) autocannon on ${doc.label} and on the bare server…`);
    const durationSec = isQuick ? 1 : doc.words > 50_000 ? 12 : 8;
    const options = { durationSec, bareDurationSec: isQuick ? 1 : 5, marker: doc.marker, countStatements };
    render.push({ label: doc.label, result: await benchRender(`${app.url}${doc.path}`, cookie, options) });
  }
  // What no page of the app can go below: Next rendering a page without data or a session.
  log("(a) autocannon on the sign-in page, signed out, and PGlite's cost per statement…");
  const floorOptions = { durationSec: isQuick ? 1 : 8, bareDurationSec: isQuick ? 1 : 5, marker: null, countStatements };
  const floor = await benchRender(`${app.url}/login`, "", floorOptions);
  const queryCost = await measurePgliteQueryCost(isQuick ? 200 : 2_000);

  const editable: Array<{ label: string; result: EditableResult }> = [];
  for (const doc of bodies) {
    for (const cache of ["cold", "warm"] as const) {
      log(`(b) ${EDITABLE_RUNS} ${cache} loads of ${doc.label} until editable…`);
      editable.push({ label: doc.label, result: await benchEditable(browser, app.url, cookies, doc.path, EDITABLE_RUNS, cache) });
    }
  }

  const largest = bodies.at(-1);
  if (!largest) throw new Error("no documents");
  log(`(c) typing ${TYPING.keystrokes} characters into ${largest.label}…`);
  const typing = await benchTyping(browser, app.url, cookies, largest.path, { ...TYPING, text: generateText(100, 7).text.replace(/\n/g, " ") });

  const results: BenchResults = {
    machine: describeMachine(browser.version()),
    documents: bodies.map((d) => ({ label: d.label, words: d.words, paragraphs: d.paragraphs, storeMs: d.storeMs })),
    render,
    floor,
    queryCost,
    editable,
    typing,
    seconds: (performance.now() - began) / 1000,
  };
  console.log(`\n${formatSection(results)}\n`);
  if (isQuick) {
    log("quick smoke run: every step ran; nothing written");
  } else {
    writeBenchSection(OUTPUT, "editor", formatEditorBenchSection(results));
    log(`wrote ${path.relative(ROOT, OUTPUT)}`);
  }
} catch (error) {
  process.exitCode = 1;
  console.error(error);
  if (app) console.error(`server output:\n${app.output().slice(-4000)}`);
} finally {
  await browser?.close();
  await stopApp(app);
}

/** Up to 40 characters of the first paragraph: text that appears verbatim wherever the body does. */
function firstWords(text: string): string {
  return text.slice(0, Math.min(40, text.indexOf("\n")));
}
