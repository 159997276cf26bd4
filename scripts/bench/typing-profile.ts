import fs from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";

/** The DevTools protocol's Profiler.Profile, as far as this reads it. */
export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }>;
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** Where the page's CPU time went while typing: by part of the code, and the busiest functions. */
export interface ProfileBreakdown {
  keystrokes: number;
  /** Sampled time that was not idle, ms. */
  busyMs: number;
  parts: Array<{ part: string; ms: number; share: number; perKeystrokeMs: number }>;
  functions: Array<{ name: string; source: string; ms: number; perKeystrokeMs: number }>;
}

/**
 * Which part of the product or which library a source belongs to, from its original path in the
 * production build's source maps (`productionBrowserSourceMaps`). Quill's package maps its own
 * sources as `node_modules/src/…`.
 */
const PARTS: Array<[RegExp, string]> = [
  [/node_modules\/y-quill\//, "y-quill (Quill ↔ Yjs binding)"],
  [/node_modules\/y-indexeddb\/|node_modules\/lib0\/indexeddb/, "device copy (y-indexeddb)"],
  [/node_modules\/y-protocols\/awareness/, "awareness (cursors, presence)"],
  [/node_modules\/(yjs|lib0)\//, "Yjs and lib0"],
  [/node_modules\/@hocuspocus\//, "Hocuspocus provider (socket)"],
  [/node_modules\/(src|parchment|quill-delta|fast-diff|lodash-es|eventemitter3)\//, "Quill (core, blots, modules)"],
  [/node_modules\/next\/dist\/compiled\/(react|react-dom|scheduler)|node_modules\/(react|react-dom|scheduler)\//, "React"],
  [/node_modules\/next\//, "Next.js runtime"],
  [/node_modules\//, "other libraries"],
  [/src\/editor\/comments\//, "Quire: comments in the editor"],
  [/src\/editor\/connection\//, "Quire: connection, presence, offline"],
  [/src\/editor\//, "Quire: editor modules"],
  [/src\/(components|app|lib)\//, "Quire: React components"],
  [/src\//, "Quire: other"],
];

/** Profile frames without a script: the browser's own work and the bench's probe. */
const NATIVE: Record<string, string> = {
  "(garbage collector)": "garbage collection",
  "(program)": "browser: style, layout, paint, events (no script on the stack)",
  "(root)": "browser: style, layout, paint, events (no script on the stack)",
};

/**
 * Attributes the profile's self time (each sample's top frame) to parts of the code through the
 * chunks' source maps in `.next/static/chunks`. Time spent in a DOM or layout call counts for the
 * script that made it, as the profiler reports it.
 */
export function breakDownProfile(profile: CpuProfile, keystrokes: number, buildDir: string): ProfileBreakdown {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  // A sample's time is the delta to the next sample (the last one's is unknown and left out).
  for (let i = 0; i < samples.length - 1; i += 1) {
    const id = samples[i] ?? 0;
    selfMs.set(id, (selfMs.get(id) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  const maps = new SourceMaps(buildDir);
  const parts = new Map<string, number>();
  const functions = new Map<string, { name: string; source: string; ms: number }>();
  let busyMs = 0;
  for (const [id, ms] of selfMs) {
    const frame = byNode.get(id)?.callFrame;
    if (!frame || frame.functionName === "(idle)") continue;
    busyMs += ms;
    const source = frame.url ? maps.originalSource(frame.url, frame.lineNumber, frame.columnNumber) : null;
    const part = source ? (PARTS.find(([pattern]) => pattern.test(source))?.[1] ?? "other scripts") : (NATIVE[frame.functionName] ?? (frame.url ? "unmapped script" : "the bench's probe and other unnamed code"));
    parts.set(part, (parts.get(part) ?? 0) + ms);
    const shortSource = source ? source.replace(/^.*?\[project\]\//, "").replace(/^turbopack:\/\/\//, "") : part;
    const key = `${frame.functionName || "(anonymous)"} ${shortSource}`;
    const entry = functions.get(key) ?? { name: frame.functionName || "(anonymous)", source: shortSource, ms: 0 };
    entry.ms += ms;
    functions.set(key, entry);
  }
  const per = (ms: number) => ms / Math.max(1, keystrokes);
  return {
    keystrokes,
    busyMs,
    parts: [...parts]
      .map(([part, ms]) => ({ part, ms, share: ms / Math.max(busyMs, 1e-9), perKeystrokeMs: per(ms) }))
      .sort((a, b) => b.ms - a.ms),
    functions: [...functions.values()]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 15)
      .map((f) => ({ ...f, perKeystrokeMs: per(f.ms) })),
  };
}

/** The production build's chunk maps, read once each. */
class SourceMaps {
  private readonly loaded = new Map<string, SourceMap | null>();

  constructor(private readonly buildDir: string) {}

  /** The original source of a position in a served chunk, or null without a map. */
  originalSource(url: string, line: number, column: number): string | null {
    const map = this.mapOf(url);
    if (!map) return null;
    const entry = map.findEntry(line, column) as { originalSource?: string };
    return entry.originalSource ?? null;
  }

  private mapOf(url: string): SourceMap | null {
    const pathname = safePathname(url);
    if (!pathname?.startsWith("/_next/static/")) return null;
    if (!this.loaded.has(pathname)) this.loaded.set(pathname, readMapOf(path.join(this.buildDir, pathname.replace(/^\/_next\//, ""))));
    return this.loaded.get(pathname) ?? null;
  }
}

/** The map a chunk names in its last `//# sourceMappingURL=` line (Turbopack's map names differ from the chunk's). */
function readMapOf(chunk: string): SourceMap | null {
  if (!fs.existsSync(chunk)) return null;
  const tail = fs.readFileSync(chunk, "utf8").slice(-300);
  const name = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(tail)?.[1];
  const file = name ? path.join(path.dirname(chunk), name) : null;
  if (!file || !fs.existsSync(file)) return null;
  return new SourceMap(JSON.parse(fs.readFileSync(file, "utf8")) as ConstructorParameters<typeof SourceMap>[0]);
}

function safePathname(url: string): string | null {
  try {
    return new URL(url).pathname;
  } catch {
    return null;
  }
}

/** The breakdown as the Markdown tables docs/benchmarks.md shows. */
export function formatProfileBreakdown(result: ProfileBreakdown): string {
  const ms = (value: number) => value.toFixed(value < 1 ? 2 : 1);
  return [
    `${result.keystrokes} keystrokes, ${ms(result.busyMs)} ms of the page's main thread busy while typing (${ms(result.busyMs / Math.max(1, result.keystrokes))} ms per keystroke, self time by part):`,
    "",
    "| part | ms | share | ms per keystroke |",
    "| --- | --- | --- | --- |",
    ...result.parts.map((p) => `| ${p.part} | ${ms(p.ms)} | ${(p.share * 100).toFixed(1)}% | ${ms(p.perKeystrokeMs)} |`),
    "",
    "The busiest functions (self time):",
    "",
    "| function | source | ms | ms per keystroke |",
    "| --- | --- | --- | --- |",
    ...result.functions.map((f) => `| \`${f.name}\` | ${f.source} | ${ms(f.ms)} | ${ms(f.perKeystrokeMs)} |`),
  ].join("\n");
}

/** Chromium's rendering steps, as the DevTools timeline names them. */
const RENDERING_STEPS: Record<string, string> = {
  UpdateLayoutTree: "style recalculation",
  Layout: "layout",
  PrePaint: "pre-paint",
  Paint: "paint",
  Layerize: "layerize",
  UpdateLayer: "layer update",
  HitTest: "hit testing",
  EventDispatch: "event dispatch (including handlers)",
  "Document::updateStyleAndLayout": "style and layout forced by script",
};

/** Time per rendering step on the page's main thread over a trace, ms (nested steps count in each). */
export function renderingBreakdown(trace: Buffer, keystrokes: number): Array<{ step: string; ms: number; count: number; perKeystrokeMs: number }> {
  const events = (JSON.parse(trace.toString("utf8")) as { traceEvents: Array<{ name: string; ph: string; dur?: number; pid: number; tid: number; args?: { name?: string } }> }).traceEvents;
  const mainThreads = new Set(events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`));
  const totals = new Map<string, { ms: number; count: number }>();
  for (const event of events) {
    const step = RENDERING_STEPS[event.name];
    if (!step || event.ph !== "X" || !mainThreads.has(`${event.pid}:${event.tid}`)) continue;
    const total = totals.get(step) ?? { ms: 0, count: 0 };
    total.ms += (event.dur ?? 0) / 1000;
    total.count += 1;
    totals.set(step, total);
  }
  return [...totals].map(([step, t]) => ({ step, ...t, perKeystrokeMs: t.ms / Math.max(1, keystrokes) })).sort((a, b) => b.ms - a.ms);
}
