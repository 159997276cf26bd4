import type { Browser, Cookie } from "playwright-core";
import { newContext } from "../../e2e/support/browser";
import { medianOf } from "./editable-bench";
import type { KeystrokeRecord } from "./page-probes";
import { EDITABLE_SELECTOR, TYPING_PROBE } from "./page-probes";
import type { CpuProfile } from "./typing-profile";

/** A latency distribution over the keystrokes, in ms. */
export interface Distribution {
  p50: number;
  p95: number;
  max: number;
}

export interface TypingResult {
  keystrokes: number;
  /** Keystrokes whose mutation and paint were both seen. */
  measured: number;
  /** keydown → the editor's DOM changed and Quill and y-quill had handled it. */
  toDom: Distribution;
  /** keydown → the next frame was painted (includes waiting for the frame, up to 16.7 ms at 60 Hz). */
  toPaint: Distribution;
  /** That frame's own work: its rAF → the task after its style, layout and paint. */
  frameWork: Distribution;
  /** Where the caret was: the paragraph's index of all paragraphs. */
  paragraph: number;
  paragraphs: number;
  /** The page's CPU profile over the typing, when asked for. */
  profile?: CpuProfile;
  /** The Chromium trace over the typing (JSON), when asked for. */
  trace?: Buffer;
}

export interface TypingOptions {
  keystrokes: number;
  /** Minimum time between keystroke starts: a fast typist, not a flood. */
  intervalMs: number;
  /** Characters to type, cycled. */
  text: string;
  /** Where to type, in the editable body: the middle paragraph unless given (e.g. "td", a table's cells: the middle one). */
  target?: string;
  /** Record a CPU profile of the page while typing (the DevTools protocol's Profiler), sampling every `profile` µs. */
  profile?: number;
  /** Record a Chromium trace (the DevTools timeline's events) while typing. */
  trace?: boolean;
}

const SETTLE_TIMEOUT_MS = 2_000;

/**
 * Types into the middle of the document at `path`, one character at a time, and measures
 * each keystroke in the page (see page-probes.ts).
 * @throws Error when the editor does not become editable within 30 s
 */
export async function benchTyping(browser: Browser, baseUrl: string, cookies: Cookie[], path: string, options: TypingOptions): Promise<TypingResult> {
  const context = await newContext(browser, baseUrl);
  try {
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto(path);
    await page.locator(EDITABLE_SELECTOR).waitFor({ timeout: 30_000 });
    const lines = page.locator(`${EDITABLE_SELECTOR} ${options.target ?? "> p"}`);
    const paragraphs = await lines.count();
    const paragraph = Math.floor(paragraphs / 2);
    await lines.nth(paragraph).click();
    await page.keyboard.press("End");
    await page.evaluate(TYPING_PROBE);
    const profiler = options.profile ? await page.context().newCDPSession(page) : null;
    if (profiler) {
      await profiler.send("Profiler.enable");
      await profiler.send("Profiler.setSamplingInterval", { interval: options.profile ?? 100 });
      await profiler.send("Profiler.start");
    }
    if (options.trace) await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"] });

    for (let i = 0; i < options.keystrokes; i++) {
      const started = performance.now();
      await page.keyboard.type(options.text[i % options.text.length] ?? "x");
      await page.evaluate(`window.__quireTyping.settled(${i + 1}, ${SETTLE_TIMEOUT_MS})`);
      const rest = options.intervalMs - (performance.now() - started);
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    }
    const profile = profiler ? ((await profiler.send("Profiler.stop")).profile as CpuProfile) : undefined;
    const trace = options.trace ? await browser.stopTracing() : undefined;
    const records = (await page.evaluate("window.__quireTyping.records")) as KeystrokeRecord[]; // the probe's documented shape
    const complete = records.filter((r) => r.mutation !== null && r.frame !== null && r.painted !== null);
    return {
      keystrokes: records.length,
      measured: complete.length,
      toDom: distribution(complete.map((r) => (r.mutation ?? 0) - r.start)),
      toPaint: distribution(complete.map((r) => (r.painted ?? 0) - r.start)),
      frameWork: distribution(complete.map((r) => (r.painted ?? 0) - (r.frame ?? 0))),
      paragraph,
      paragraphs,
      profile,
      trace,
    };
  } finally {
    await context.close();
  }
}

function distribution(values: number[]): Distribution {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  return { p50: medianOf(sorted) ?? Number.NaN, p95: at(0.95), max: sorted.at(-1) ?? Number.NaN };
}
