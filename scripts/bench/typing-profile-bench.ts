import fs from "node:fs";
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
import { breakDownProfile, formatProfileBreakdown } from "./typing-profile";

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
  const [id] = await createDocuments(page, 1);
  await page.context().close();
  const generated = generateText(WORDS, 100);
  const seeded = await fillDocument(app, cookie, id ?? "", generated.text);
  const typing = await benchTyping(browser, app.url, cookies, seeded.path, { ...TYPING, text: generateText(100, 7).text.replace(/\n/g, " ") });
  if (!typing.profile) throw new Error("the page gave no CPU profile");
  const breakdown = breakDownProfile(typing.profile, typing.keystrokes, path.join(ROOT, ".next"));
  // Keep the raw profile to open in Chrome DevTools (Performance → Load profile).
  if (process.env.PROFILE_OUT) fs.writeFileSync(process.env.PROFILE_OUT, JSON.stringify(typing.profile));
  if (breakdown.parts.every((part) => !part.part.startsWith("Quill"))) throw new Error("no time attributed to Quill: are the build's source maps there (productionBrowserSourceMaps)?");
  const section = [
    "## Where a keystroke's time goes (issue 13.4)",
    "",
    `Command: \`npm run bench:typing-profile\`. Machine: ${describeMachine(browser.version())}.`,
    "",
    `Typing ${typing.keystrokes} characters, one per ${TYPING.intervalMs} ms, at the end of paragraph ${typing.paragraph.toLocaleString("en")} of ${typing.paragraphs.toLocaleString("en")} in a ${WORDS.toLocaleString("en")}-word document, under Chromium's sampling profiler (every ${TYPING.profile} µs, which slows the page a little): keydown → DOM p50 ${typing.toDom.p50.toFixed(1)} ms, p95 ${typing.toDom.p95.toFixed(1)} ms.`,
    "",
    formatProfileBreakdown(breakdown),
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
