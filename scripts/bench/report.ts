import os from "node:os";
import type { EditableResult } from "./editable-bench";
import type { QueryCost } from "./pglite-query-cost";
import type { RenderResult } from "./render-bench";
import type { TypingResult } from "./typing-bench";

/** Everything one `npm run bench` measured. */
export interface BenchResults {
  machine: string;
  documents: Array<{ label: string; words: number; paragraphs: number; storeMs: number }>;
  render: Array<{ label: string; result: RenderResult }>;
  /** The sign-in page, signed out: Next's own cost for a page of the app. */
  floor: RenderResult;
  queryCost: QueryCost;
  editable: Array<{ label: string; result: EditableResult }>;
  typing: TypingResult;
  seconds: number;
}

export const TARGETS = { renderRatio: 5, editableMs: 1_500, keystrokeP95Ms: 16 } as const;
export const COMMAND = "npm run bench";

/** One line naming the machine: cores, memory, Node, Chromium, OS and the date. */
export function describeMachine(chromium: string): string {
  const cpus = os.cpus();
  const memory = `${Math.round(os.totalmem() / 2 ** 30)} GiB`;
  const date = new Date().toISOString().slice(0, 16).replace("T", " ");
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${memory} RAM, Node ${process.version}, Chromium ${chromium}, ${os.type()} ${os.release()}, ${date} UTC`;
}

/** The "Editor and page render (issue #3)" section: tables of (a), (b) and (c). */
export function formatSection(results: BenchResults): string {
  const met = (ok: boolean) => (ok ? "met" : "**not met**");
  const render = results.render.map(({ label, result: r }) =>
    row([
      label,
      kib(r.htmlBytes),
      r.bodyCopies === null ? "–" : String(r.bodyCopies),
      r.statements === null ? "–" : String(r.statements),
      `${r.quire.p50Ms} / ${r.quire.p99Ms}`,
      r.quire.requestsPerSecond.toFixed(1),
      `${r.bare.p50Ms} / ${r.bare.p99Ms}`,
      r.bare.requestsPerSecond.toFixed(0),
      `${r.quire.msPerRequest.toFixed(1)} / ${r.bare.msPerRequest.toFixed(2)}`,
      `${r.ratio.toFixed(1)}×`,
      met(r.ratio <= TARGETS.renderRatio),
    ]),
  );
  const editable = results.editable.map(({ label, result: e }) =>
    row([
      label,
      e.cache,
      ms(e.median((run) => run.responseStart)),
      ms(e.median((run) => run.responseEnd)),
      ms(e.median((run) => run.firstContentfulPaint)),
      ms(e.median((run) => run.domContentLoaded)),
      `**${ms(e.medianEditableMs)}**`,
      `${ms(e.minEditableMs)}–${ms(e.maxEditableMs)}`,
      `${ms(e.median((run) => run.longTaskMs))} (${ms(e.median((run) => run.longestTaskMs))})`,
      label.startsWith("100,000") ? met(e.medianEditableMs <= TARGETS.editableMs) : "",
    ]),
  );
  const t = results.typing;
  const typing = [
    { name: "keydown → DOM updated", dist: t.toDom, verdict: met(t.toDom.p95 < TARGETS.keystrokeP95Ms) },
    { name: "keydown → next frame painted", dist: t.toPaint, verdict: "" },
    { name: "that frame's own work (rAF → after paint)", dist: t.frameWork, verdict: "" },
  ].map(({ name, dist, verdict }) => row([name, dist.p50.toFixed(1), `**${dist.p95.toFixed(1)}**`, dist.max.toFixed(1), verdict]));
  const docs = results.documents.map((d) => `${d.label} (${d.paragraphs.toLocaleString("en")} paragraphs, stored ${(d.storeMs / 1000).toFixed(1)} s after the insert)`);

  return [
    "## Editor and page render (issue #3)",
    "",
    `Command: \`${COMMAND}\` — ${results.seconds.toFixed(0)} s including the server's start on a fresh data directory.`,
    `Machine: ${results.machine}.`,
    `Documents: ${docs.join("; ")}.`,
    "",
    "### (a) Server render of `/w/<ws>/d/<doc>`, signed in",
    "",
    `autocannon, one connection, no pipelining; target: Quire's time per request within ${TARGETS.renderRatio}× the bare server's.`,
    "",
    row(["document", "HTML", "body copies", "SQL statements", "Quire p50 / p99 ms", "Quire req/s", "bare p50 / p99 ms", "bare req/s", "ms per request Quire / bare", "ratio", "target"]),
    row(Array(11).fill("---")),
    ...render,
    "",
    formatLimits(results),
    "",
    "### (b) Navigation start → editor editable, headless Chromium",
    "",
    `Median of ${results.editable[0]?.result.runs.length ?? 0} runs each, ms since navigation start; target: ${TARGETS.editableMs.toLocaleString("en")} ms for 100,000 words.`,
    "",
    row(["document", "cache", "first byte", "HTML done", "first paint", "DOMContentLoaded", "editable", "range", "long tasks total (longest)", "target"]),
    row(Array(10).fill("---")),
    ...editable,
    "",
    `### (c) Typing into the ${(results.documents.at(-1)?.label ?? "largest").replace(" words", "-word")} document`,
    "",
    `${t.measured} of ${t.keystrokes} keystrokes measured, typed one at a time at the end of paragraph ${t.paragraph.toLocaleString("en")} of ${t.paragraphs.toLocaleString("en")}; ms; target: p95 under ${TARGETS.keystrokeP95Ms} ms.`,
    "",
    row(["measure", "p50", "p95", "max", "target"]),
    row(Array(5).fill("---")),
    ...typing,
  ].join("\n");
}

/** What the page's time is made of: Next's floor, and PGlite's statements paid one after another. */
function formatLimits(results: BenchResults): string {
  const { floor, queryCost } = results;
  const empty = results.render[0]?.result;
  const statements = empty?.statements ?? null;
  const sqlMs = statements === null ? null : (statements * queryCost.indexedLookupUs) / 1000;
  return [
    `What limits it: Next alone, rendering the sign-in page signed out (${floor.statements ?? "?"} SQL statements), takes ${floor.quire.msPerRequest.toFixed(1)} ms per request,`,
    `${floor.ratio.toFixed(0)}× the bare server sending its ${kib(floor.htmlBytes)}: no page of the app can meet 5× of a static file.`,
    `PGlite costs ${queryCost.trivialUs.toFixed(0)} µs for \`select 1\` and ${queryCost.indexedLookupUs.toFixed(0)} µs for an indexed one-row lookup (median, in process, one at a time: PGlite runs one statement at once),`,
    statements === null || sqlMs === null || !empty
      ? "so each statement a page sends adds about that."
      : `so the empty document's ${statements} statements are about ${sqlMs.toFixed(1)} ms of its ${empty.quire.msPerRequest.toFixed(1)} ms; the rest is React rendering the shell, the tree and the editor's frame.`,
  ].join("\n");
}

function row(cells: string[]): string {
  return `| ${cells.join(" | ")} |`;
}

function ms(value: number | null): string {
  return value === null || Number.isNaN(value) ? "–" : Math.round(value).toLocaleString("en");
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(0)} KiB`;
}
