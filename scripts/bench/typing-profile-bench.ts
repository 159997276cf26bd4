import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../../e2e/support/browser";
import type { RunningApp } from "../../e2e/support/start-app";
import { startApp, stopApp } from "../../e2e/support/start-app";
import { signedUpPage } from "../../e2e/support/workspace";
import { writeBenchSection } from "./benchmarks-doc";
import { generateText } from "./generate-text";
import { describeMachine } from "./report";
import { createDocuments, fillDocument } from "./seed-documents";
import { benchTyping } from "./typing-bench";
import { breakDownProfile, formatProfileBreakdown, renderingBreakdown } from "./typing-profile";

// `npm run bench:typing-profile` (issue 13.4): where the page's time goes per keystroke while
// typing into a 100,000-word document — Quill, y-quill, Yjs, awareness, the device copy,
// React, Quire's own editor code, the browser's rendering — from a CPU profile taken with the
// DevTools protocol's Profiler and attributed through the production build's source maps.
// `-- --quick` types 20 keys into 1,000 words and writes nothing (CI's smoke run).
const ROOT = path.resolve(import.meta.dirname, "../..");
const OUTPUT = path.join(ROOT, "docs", "benchmarks.md");
const isQuick = process.argv.includes("--quick");
const WORDS = isQuick ? 1_000 : 100_000;
const TYPING = { keystrokes: isQuick ? 20 : 300, intervalMs: 50, profile: 100 };

let app: RunningApp | undefined;
let browser: Browser | undefined;
try {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  const { page } = await signedUpPage(browser, app.url, "profile-bench");
  const cookies = await page.context().cookies();
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const [id, curlyId] = await createDocuments(page, 2);
  await page.context().close();
  const generated = generateText(WORDS, 100);
  const seeded = await fillDocument(app, cookie, id ?? "", generated.text);
  // The same paragraphs, each starting with a curly apostrophe: text that is not ASCII, as most
  // real writing has somewhere in a paragraph (an accent, a quote mark, a dash).
  const curly = await fillDocument(app, cookie, curlyId ?? "", generated.text.split("\n").map((line) => (line ? `’${line}` : line)).join("\n"));
  const text = generateText(100, 7).text.replace(/\n/g, " ");
  // The baseline, in the same run: the same paragraphs in a bare contenteditable (no Quill, no
  // script, no styles), typed the same way. What Chromium's own editing costs at this size.
  const compared = { keystrokes: isQuick ? 10 : 200, intervalMs: TYPING.intervalMs, text };
  const quire = await benchTyping(browser, app.url, cookies, seeded.path, compared);
  const quireCurly = await benchTyping(browser, app.url, cookies, curly.path, compared);
  const bare = await bareContentEditable(generated.text);
  const baseline = await benchTyping(browser, bare.url, [], "/", compared).finally(() => bare.close());
  const typing = await benchTyping(browser, app.url, cookies, seeded.path, { ...TYPING, text });
  if (!typing.profile) throw new Error("the page gave no CPU profile");
  // The browser's row, split by step: a second pass under Chromium's tracing (not the profiler).
  const traced = await benchTyping(browser, app.url, cookies, seeded.path, { keystrokes: isQuick ? 10 : 100, intervalMs: TYPING.intervalMs, trace: true, text: "tracing " });
  if (!traced.trace) throw new Error("the browser gave no trace");
  const steps = renderingBreakdown(traced.trace, traced.keystrokes);
  if (steps.length === 0) throw new Error("the trace has no rendering steps on the page's main thread");
  const breakdown = breakDownProfile(typing.profile, typing.keystrokes, path.join(ROOT, ".next"));
  // Keep the raw profile to open in Chrome DevTools (Performance → Load profile).
  if (process.env.PROFILE_OUT) fs.writeFileSync(process.env.PROFILE_OUT, JSON.stringify(typing.profile));
  if (breakdown.parts.every((part) => !part.part.startsWith("Quill"))) throw new Error("no time attributed to Quill: are the build's source maps there (productionBrowserSourceMaps)?");
  const section = [
    "## Where a keystroke's time goes (issue 13.4)",
    "",
    `Command: \`npm run bench:typing-profile\`. Machine: ${describeMachine(browser.version())}.`,
    "",
    `Typing ${quire.keystrokes} characters, one per ${TYPING.intervalMs} ms, into the middle paragraph, against the same paragraphs in a bare contenteditable (no Quill, no script, no styles) in the same run, keydown → DOM updated, ms:`,
    "",
    "| page | p50 | p95 | max |",
    "| --- | --- | --- | --- |",
    `| Quire | ${quire.toDom.p50.toFixed(1)} | ${quire.toDom.p95.toFixed(1)} | ${quire.toDom.max.toFixed(1)} |`,
    `| Quire, every paragraph starting with ’ | ${quireCurly.toDom.p50.toFixed(1)} | ${quireCurly.toDom.p95.toFixed(1)} | ${quireCurly.toDom.max.toFixed(1)} |`,
    `| bare contenteditable | ${baseline.toDom.p50.toFixed(1)} | ${baseline.toDom.p95.toFixed(1)} | ${baseline.toDom.max.toFixed(1)} |`,
    `| ratio, Quire to bare | ${(quire.toDom.p50 / Math.max(baseline.toDom.p50, 0.1)).toFixed(1)}× | ${(quire.toDom.p95 / Math.max(baseline.toDom.p95, 0.1)).toFixed(1)}× | |`,
    "",
    `Then ${typing.keystrokes} characters, one per ${TYPING.intervalMs} ms, at the end of paragraph ${typing.paragraph.toLocaleString("en")} of ${typing.paragraphs.toLocaleString("en")} in a ${WORDS.toLocaleString("en")}-word document, under Chromium's sampling profiler (every ${TYPING.profile} µs, which slows the page a little): keydown → DOM p50 ${typing.toDom.p50.toFixed(1)} ms, p95 ${typing.toDom.p95.toFixed(1)} ms.`,
    "",
    formatProfileBreakdown(breakdown),
    "",
    `The browser's rendering steps over ${traced.keystrokes} more keystrokes, from a Chromium trace (devtools.timeline; a step inside another counts in both, and "forced by script" is layout a script asked for):`,
    "",
    "| step | ms | times | ms per keystroke |",
    "| --- | --- | --- | --- |",
    ...steps.map((step) => `| ${step.step} | ${step.ms.toFixed(1)} | ${step.count} | ${step.perKeystrokeMs.toFixed(2)} |`),
    "",
    "Self time is each sample's innermost JavaScript frame, mapped to its original source through the",
    "production build's source maps; a DOM or layout call counts for the script that made it. Work",
    "with no script on the stack (style, layout and paint after the handlers, input dispatch) is the",
    "browser's row. Idle samples are left out.",
  ].join("\n");
  console.log(`\n${section}\n`);
  if (!isQuick) writeBenchSection(OUTPUT, "typing-profile", section);
} catch (error) {
  process.exitCode = 1;
  console.error(error);
  if (app) console.error(`server output:\n${app.output().slice(-4000)}`);
} finally {
  await browser?.close();
  await stopApp(app);
}

/** Serves one page holding `text`'s paragraphs in a contenteditable that the typing probe finds. */
async function bareContentEditable(text: string): Promise<{ url: string; close(): Promise<void> }> {
  const paragraphs = text
    .split("\n")
    .filter(Boolean)
    .map((line) => `<p>${line.replace(/[<&]/g, (c) => (c === "<" ? "&lt;" : "&amp;"))}</p>`)
    .join("");
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>bare</title></head><body><div class="document-editor"><div data-testid="editor-mount"><div class="ql-editor" contenteditable="true">${paragraphs}</div></div></div></body></html>`;
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
