import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PerformanceObserver, monitorEventLoopDelay, performance } from "node:perf_hooks";
import { buildUser, buildWorkspace, contextFor } from "@test/factories";
import { openDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { createDocument } from "@/server/services/documents/create-document";
import { importFiles } from "@/server/services/imports/import-files";
import { DiskBlobStore } from "@/server/storage/blob-store";
import { bodyWork, registerBodyWork } from "@/server/workers/body-work";
import { BodyWorkers } from "@/server/workers/body-workers";
import { markdownFiles, realHtml, realMarkdown } from "./markdown-corpus";
import { seededRandom } from "./seeded-random";

// One process's share of `conversions-compare.ts` (issue 13.6): the bench's creates and imports
// of a 150 KB document with the body worker threads registered as server.ts does, then a many-file
// import, printed as one JSON line. Per step: the process's CPU (all threads), the wall time, and
// the main thread's active time (event-loop utilisation). During the import, every synchronous
// PGlite call is timed (wall, and the process's CPU: the import is sequential, so the body worker
// is idle while the main thread runs a statement) and garbage-collection pauses are recorded, so
// the event loop's longest stretches can be told from a machine that starves the process.
// `node --import tsx scripts/bench/conversions-probe.ts [runs] [importFiles]`
const RUNS = Number(process.argv[2] ?? 3);
const IMPORT_FILES = Number(process.argv[3] ?? 500);

const handle = await openDatabase({});
await migrateDatabase(handle);
const owner = await buildUser(handle.db);
const workspace = await buildWorkspace(handle.db, [{ actor: owner, role: "owner" }]);
const ctx = contextFor(handle.db, owner);
const blobRoot = fs.mkdtempSync(path.join(os.tmpdir(), "quire-conversions-probe-"));
const blobs = new DiskBlobStore(blobRoot);
const workers = new BodyWorkers();
registerBodyWork(workers);
const encode = (text: string) => new TextEncoder().encode(text);
const markdown = realMarkdown(150_000);
const html = realHtml(150_000);

const createFrom = async (kind: "markdown" | "html", text: string) => {
  const delta = await bodyWork().convert({ kind, bytes: encode(text) });
  await createDocument(ctx, { workspaceId: workspace.id, parentId: null, title: "Probe" }, { body: delta });
};
const importOne = (name: string, text: string) => importFiles(ctx, { workspace: { id: workspace.id }, parentId: null, files: [{ name, bytes: encode(text) }] }, blobs);
const cases: Record<string, () => Promise<unknown>> = {
  "create from Markdown": () => createFrom("markdown", markdown),
  "create from HTML": () => createFrom("html", html),
  "import a Markdown file": () => importOne("notes.md", markdown),
  "import an HTML file": () => importOne("notes.html", html),
};
for (let i = 0; i < 2; i += 1) for (const run of Object.values(cases)) await run();

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const steps: Record<string, { cpu: number[]; wall: number[]; main: number[] }> = {};
for (let i = 0; i < RUNS; i += 1) {
  for (const [label, run] of Object.entries(cases)) {
    const cpu = cpuMs();
    const wall = performance.now();
    const elu = performance.eventLoopUtilization();
    await run();
    const step = (steps[label] ??= { cpu: [], wall: [], main: [] });
    step.cpu.push(cpuMs() - cpu);
    step.wall.push(performance.now() - wall);
    step.main.push(performance.eventLoopUtilization(elu).active);
  }
}

// The many-file import: PGlite's synchronous calls timed one by one.
const calls: Array<{ wall: number; cpu: number; what: string; end: number }> = [];
let lastParse = "";
const client = handle.driver.kind === "pglite" ? (handle.driver.client as unknown as Record<string, unknown>) : null;
const original = client?.execProtocolRawSync;
if (client && typeof original === "function") {
  client.execProtocolRawSync = function timed(this: unknown, ...args: unknown[]) {
    const cpu = cpuMs();
    const wall = performance.now();
    const message = args[0] instanceof Uint8Array ? args[0] : new Uint8Array(0);
    // A Parse message ("P") carries the statement's text; the Bind and Execute after it do not.
    if (message[0] === 0x50 || message[0] === 0x51) lastParse = new TextDecoder().decode(message.subarray(5, 125)).replace(/\0/g, " ");
    try {
      return original.apply(this, args);
    } finally {
      calls.push({ wall: performance.now() - wall, cpu: cpuMs() - cpu, what: `${String.fromCharCode(message[0] ?? 32)} ${lastParse}`, end: performance.now() });
    }
  };
}
const gcPauses: number[] = [];
const gcSpans: Array<{ start: number; end: number }> = [];
const gcKinds: Record<string, { count: number; total: number; max: number }> = {};
const gcObserver = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gcPauses.push(entry.duration);
    gcSpans.push({ start: entry.startTime, end: entry.startTime + entry.duration });
    // Node's gc entries carry their kind in `detail` (1 scavenge, 2 mark-sweep-compact, 4 incremental, 8 weak callbacks).
    const kind = String(((entry as PerformanceEntry & { detail?: { kind?: number } }).detail)?.kind ?? "?");
    const tally = (gcKinds[kind] ??= { count: 0, total: 0, max: 0 });
    tally.count += 1;
    tally.total += entry.duration;
    tally.max = Math.max(tally.max, entry.duration);
  }
});
gcObserver.observe({ entryTypes: ["gc"] });
const idle = monitorEventLoopDelay({ resolution: 10 });
idle.enable();
await new Promise((resolve) => setTimeout(resolve, 2_000));
idle.disable();
const files = markdownFiles(IMPORT_FILES, seededRandom(13));
// The loop's late stretches with what ran in them: a 5 ms timer that fires over 40 ms late marks
// one, and the GC pauses and PGlite calls inside it say how much of it was this process's work.
// The process's CPU time across the stretch says how much of it the process ran at all.
const stalls: Array<{ start: number; end: number; cpu: number }> = [];
let tick = performance.now();
let tickCpu = cpuMs();
const ticker = setInterval(() => {
  const now = performance.now();
  const nowCpu = cpuMs();
  if (now - tick > 45) stalls.push({ start: tick, end: now, cpu: nowCpu - tickCpu });
  tick = now;
  tickCpu = nowCpu;
}, 5);
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const importCpu = cpuMs();
const importWall = performance.now();
const summary = await importFiles(ctx, { workspace: { id: workspace.id }, parentId: null, files: files.map((file) => ({ name: file.name, bytes: encode(file.text) })) }, blobs);
const importMs = performance.now() - importWall;
const importCpuMs = cpuMs() - importCpu;
delay.disable();
clearInterval(ticker);
gcObserver.disconnect();
if (summary.imported.length !== IMPORT_FILES) throw new Error(`imported ${summary.imported.length} of ${IMPORT_FILES}`);
await workers.close();
await handle.close();
fs.rmSync(blobRoot, { recursive: true, force: true });

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const pick = (values: number[], q: number) => sorted(values)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? 0;
console.log(
  JSON.stringify({
    steps,
    import: {
      files: IMPORT_FILES,
      wallPerDocument: importMs / IMPORT_FILES,
      cpuPerDocument: importCpuMs / IMPORT_FILES,
      delayMax: delay.max / 1e6,
      delayP99: delay.percentile(99) / 1e6,
      idleDelayMax: idle.max / 1e6,
      pgliteCalls: calls.length,
      pgliteCallWallMax: Math.max(0, ...calls.map((call) => call.wall)),
      pgliteCallCpuMax: Math.max(0, ...calls.map((call) => call.cpu)),
      pgliteCallCpuP99: pick(calls.map((call) => call.cpu), 0.99),
      gcPauseMax: Math.max(0, ...gcPauses),
      gcKinds,
      heapUsedMb: process.memoryUsage().heapUsed / 1e6,
      longestStall: Math.max(0, ...stalls.map((stall) => stall.end - stall.start)),
      // The most CPU the process got inside any stretch over 45 ms: what it could have blocked itself.
      mostCpuInAStall: Math.max(0, ...stalls.map((stall) => stall.cpu)),
      stalls: stalls
        .sort((a, b) => b.end - b.start - (a.end - a.start))
        .slice(0, 5)
        .map(({ start, end, cpu }) => {
          const inside = (span: { start: number; end: number }) => Math.max(0, Math.min(end, span.end) - Math.max(start, span.start));
          return {
            ms: end - start,
            cpuMs: cpu,
            gcMs: gcSpans.reduce((sum, span) => sum + inside(span), 0),
            pgliteMs: calls.reduce((sum, call) => sum + inside({ start: call.end - call.wall, end: call.end }), 0),
          };
        }),
      longestCalls: [...calls].sort((a, b) => b.cpu - a.cpu).slice(0, 4).map((call) => ({ ...call, at: calls.indexOf(call) })),
    },
    load: os.loadavg()[0],
  }),
);
