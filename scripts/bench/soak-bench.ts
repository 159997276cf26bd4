import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RunningApp } from "../../e2e/support/start-app";
import { writeBenchSection } from "./benchmarks-doc";
import { seedWorkspace, ServerInspector, startSignedIn, warmUp } from "./collab/collab-app";
import { describeCollabMachine } from "./collab/collab-report";
import type { SoakTally } from "./collab/generator";
import { Generator } from "./collab/generator-pool";
import { summariseProfile } from "./collab/cpu-profile";
import { cpuPercentSince, cpuSnapshot, rssBytes, runQueueWaitSince } from "./collab/proc-stats";
import type { HttpCounts, HttpTarget } from "./soak-http-load";
import { HttpLoad } from "./soak-http-load";
import type { CollectedMemory } from "./soak-memory";
import { collectedMemory, describeCollected } from "./soak-memory";
import { describeSmaps, smapsBreakdown } from "./proc-smaps";
import { formatSoakSection } from "./soak-report";
import type { SoakResults } from "./soak-report";
import { deltaText, tallyStored } from "./soak-tally";
import type { SoakSample } from "./soak-verdicts";
import { median, rssVerdict, sampleIntervalS, soakCorrect } from "./soak-verdicts";
import type { LoopDelay } from "./server-loop-delay";
import { ServerLoopDelay } from "./server-loop-delay";

// `npm run soak` (issue 13.8): the production server under people typing for a long time, with
// page loads and API reads mixed in. Clients are the collab bench's lightweight protocol clients
// (collab/raw-client.ts) in two load-generator processes, each typing on a line of its own that
// starts with a marker; afterwards the stored documents are read back through the API and every
// client's line is compared with what it typed. Flags: --minutes (30), --clients (200),
// --documents (20), --cps (keystrokes a second per client, 2), --pages-per-minute (60),
// --api-reads-per-minute (120), --profile (a V8 CPU profile of the server over the whole typing
// period, through its inspector, summarised in the report), --heap-snapshots <dir> (V8 heap snapshots of the
// server before the clients connect, after they left and after --linger-seconds more, for
// heap-snapshot-diff.ts), --linger-seconds (60: the last collected reading comes this long after
// the clients left), --no-write (print only). Exits 1 when anything failed or a
// keystroke was lost: the smoke run (bench:smoke) relies on that, and asserts no timing.
const ROOT = path.resolve(import.meta.dirname, "../..");
const OUTPUT = path.join(ROOT, "docs", "benchmarks.md");
const args = process.argv.slice(2);
const flag = (name: string, fallback: number): number => {
  const index = args.indexOf(name);
  const value = index >= 0 ? Number(args[index + 1]) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} takes a number, not ${args[index + 1]}`);
  return value;
};
const MINUTES = flag("--minutes", 30);
const CLIENTS = flag("--clients", 200);
const DOCUMENTS = flag("--documents", 20);
const CPS = flag("--cps", 2);
const PAGES_PER_MINUTE = flag("--pages-per-minute", 60);
const API_READS_PER_MINUTE = flag("--api-reads-per-minute", 120);
const GENERATORS = 2;
const CONNECT_BATCH = 25; // clients per generator per connect request
// After typing: wait while the server still makes progress (answers updates, stores lines), for
// up to SETTLE_LIMIT_MS; only STALL_MS without progress ends the wait early. A server that fell
// behind is slow, which the readings show; a keystroke is lost only if it never arrives.
const STALL_MS = 30_000;
const SETTLE_LIMIT_MS = 10 * 60_000;
const RUN_SECONDS = MINUTES * 60;
const IS_PROFILING = args.includes("--profile");
const LINGER_SECONDS = flag("--linger-seconds", 60);
const SNAPSHOT_DIR = args.includes("--heap-snapshots") ? path.resolve(args[args.indexOf("--heap-snapshots") + 1] ?? ".") : undefined;
if (SNAPSHOT_DIR) fs.mkdirSync(SNAPSHOT_DIR, { recursive: true });
const snapshotPath = (stage: string) => (SNAPSHOT_DIR ? path.join(SNAPSHOT_DIR, `soak-${stage}.heapsnapshot`) : undefined);

const began = performance.now();
const log = (message: string) => console.log(`[soak ${((performance.now() - began) / 1000).toFixed(0).padStart(5)} s] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-soak-"));
let app: RunningApp | undefined;
let inspector: ServerInspector | undefined;
let generators: Generator[] = [];
let http: HttpLoad | undefined;
let correct = false;
try {
  log(`seeding a workspace with ${DOCUMENTS} documents and a read token…`);
  const account = await seedWorkspace(dataDir, DOCUMENTS, { apiToken: true });
  const apiToken = account.apiToken ?? "";
  // As `npm start` runs it: without --enable-source-maps, whose source maps Node keeps in the heap.
  const started = await startSignedIn(dataDir, account, ["--inspect=127.0.0.1:0"], { sourceMaps: false });
  app = started.app;
  const serverPid = app.process.pid ?? 0;
  const baseUrl = app.url;
  const [firstDoc = ""] = account.documentIds;
  await warmUp(app, started.headers, firstDoc);
  inspector = await ServerInspector.attach(app);
  const loopDelay = await ServerLoopDelay.start(inspector);
  const targets = await Promise.all(account.documentIds.map((id) => pageOf(baseUrl, apiToken, id)));

  await loopDelay.readAndReset();
  await sleep(5_000);
  const idleLoop = await loopDelay.readAndReset();
  const idleRssMiB = rssBytes(serverPid) / 2 ** 20;
  const idleCollected = await collectedMemory(inspector, serverPid, snapshotPath("before"));
  log(`before the clients, after a full GC: ${describeCollected(idleCollected)}`);
  log(`idle server: RSS ${idleRssMiB.toFixed(0)} MiB, event-loop delay p99 ${idleLoop.p99Ms.toFixed(1)} ms`);

  generators = Array.from({ length: GENERATORS }, (_, i) => new Generator(`generator ${i + 1}`));
  log(`connecting ${CLIENTS} clients to ${DOCUMENTS} documents…`);
  let connectFailures: string[] = [];
  for (let connected = 0; connected < CLIENTS; connected += CONNECT_BATCH * GENERATORS) {
    const batch = Math.min(CONNECT_BATCH * GENERATORS, CLIENTS - connected);
    const answers = await Promise.all(
      generators.map((g, i) =>
        g.request<{ ms: number; failures: string[] }>({
          kind: "connect",
          port: app?.port ?? 0,
          headers: started.headers,
          documentIds: account.documentIds,
          count: share(batch, GENERATORS, i),
          observers: 0,
          announce: true,
          ownLine: true,
          markLines: true,
        }),
      ),
    );
    connectFailures = connectFailures.concat(answers.flatMap((a) => a.failures));
  }
  if (connectFailures.length > 0) log(`${connectFailures.length} clients failed to connect: ${connectFailures[0]}`);

  http = new HttpLoad({ baseUrl, cookie: account.cookie, apiToken, workspaceSlug: account.workspaceSlug, targets, pagesPerMinute: PAGES_PER_MINUTE, apiReadsPerMinute: API_READS_PER_MINUTE });
  log(`typing for ${MINUTES} min: ${CPS} keystrokes a second per client (with cursor awareness), ${PAGES_PER_MINUTE} page loads and ${API_READS_PER_MINUTE} API reads a minute…`);
  await Promise.all(generators.map((g) => g.request({ kind: "typing", charsPerSecond: CPS, maxLine: Number.POSITIVE_INFINITY, withCursor: true })));
  if (IS_PROFILING) await inspector.startProfile();
  http.start();
  const typingStarted = performance.now();
  let serverCpu = cpuSnapshot(serverPid);
  const samples: SoakSample[] = [];
  const interval = sampleIntervalS(RUN_SECONDS) * 1000;
  // RSS every few seconds: each reading's level is their median (see SoakSample).
  let rssReadings: number[] = [];
  const rssTimer = setInterval(() => rssReadings.push(rssBytes(serverPid) / 2 ** 20), Math.min(5_000, interval / 6));
  let sentBefore = 0;
  for (let next = interval; next <= RUN_SECONDS * 1000 + 1; next += interval) {
    await sleep(Math.max(0, typingStarted + next - performance.now()));
    const [loop, tallies] = await Promise.all([loopDelay.readAndReset(), tallyAll(generators)]);
    const counts = http.take();
    const sent = tallies.reduce((sum, t) => sum + t.sent, 0);
    const server = { cpuPercent: cpuPercentSince(serverPid, serverCpu), waitMsPerS: runQueueWaitSince(serverPid, serverCpu) };
    serverCpu = cpuSnapshot(serverPid);
    rssReadings.push(rssBytes(serverPid) / 2 ** 20);
    const sample = sampleOf((performance.now() - typingStarted) / 1000, rssReadings, loop, server, sent - sentBefore, counts);
    rssReadings = [];
    sentBefore = sent;
    log(`  RSS by mapping: ${describeSmaps(smapsBreakdown(serverPid))}`);
    samples.push(sample);
    const problems = tallies.reduce((sum, t) => sum + t.errors.length + t.unexpectedCloses.length + t.refused, 0) + http.totalErrors;
    log(
      `${(sample.atS / 60).toFixed(1)} min: RSS ${sample.rssMiB.toFixed(0)} MiB (max ${sample.rssMaxMiB.toFixed(0)}), CPU ${sample.serverCpuPercent.toFixed(0)} % (waited ${sample.serverWaitMsPerS.toFixed(0)} ms/s for a core), loop p99 ${sample.loopP99Ms.toFixed(1)} ms (max ${sample.loopMaxMs.toFixed(0)}), ${sample.updates} updates, ${sample.pageLoads} pages (p95 ${sample.pageP95Ms.toFixed(0)} ms), ${sample.apiReads} API reads (p95 ${sample.apiP95Ms.toFixed(0)} ms), problems so far ${problems}, load ${sample.loadAverage.toFixed(1)}`,
    );
  }

  clearInterval(rssTimer);
  let profile: SoakResults["profile"];
  if (IS_PROFILING) {
    const kept = path.join(os.tmpdir(), "quire-soak-server.cpuprofile");
    fs.writeFileSync(kept, JSON.stringify(await inspector.stopProfile()));
    profile = summariseProfile(kept);
    log(`server CPU profile of the typing period: ${kept} (open it in Chrome DevTools)`);
  }
  log("stopping: typing, then page loads and API reads; waiting for the server to answer every update…");
  await Promise.all(generators.map((g) => g.request({ kind: "stop-typing" })));
  await http.stop();
  const settleStarted = performance.now();
  let tallies = await tallyAll(generators);
  let progressAt = performance.now();
  while (unanswered(tallies) > 0 && performance.now() - progressAt < STALL_MS && performance.now() - settleStarted < SETTLE_LIMIT_MS) {
    await sleep(250);
    const next = await tallyAll(generators);
    if (unanswered(next) < unanswered(tallies)) progressAt = performance.now();
    tallies = next;
  }
  const settleMs = performance.now() - settleStarted;
  await Promise.all(generators.map((g) => g.request({ kind: "close-all" })));
  log(`${unanswered(tallies) === 0 ? "every update answered" : `${unanswered(tallies)} updates unanswered`} ${(settleMs / 1000).toFixed(1)} s after typing stopped; clients closed; waiting for the documents to be stored…`);

  // The server stores a document at once when its last client leaves: poll the stored bodies
  // (the API reads the database) until they hold every line as typed, or stop changing.
  const typedLines = tallies.flatMap((t) => t.lines);
  const persistStarted = performance.now();
  let stored = tallyStored("", typedLines);
  progressAt = performance.now();
  while (performance.now() - progressAt < STALL_MS && performance.now() - persistStarted < SETTLE_LIMIT_MS) {
    const next = await storedText(baseUrl, apiToken, account.documentIds).then(
      (text) => tallyStored(text, typedLines),
      (error: unknown) => (log(`reading the stored bodies failed, trying again: ${error instanceof Error ? error.message : String(error)}`), stored),
    );
    if (next.stored !== stored.stored) progressAt = performance.now();
    stored = next;
    if (stored.stored === stored.typed) break;
    await sleep(2_000);
  }
  const persistMs = performance.now() - persistStarted;
  // Garbage the loop had no time to collect, or memory still held? A full GC before and after tells.
  const endCollected = await collectedMemory(inspector, serverPid, snapshotPath("after"));
  log(`after the clients left, after a full GC: ${describeCollected(endCollected)}`);
  // What is still held once timers and idle workers had time to let go (body workers stop after 30 s).
  await sleep(LINGER_SECONDS * 1000);
  const lingerCollected: CollectedMemory = await collectedMemory(inspector, serverPid, snapshotPath("linger"));
  log(`${LINGER_SECONDS} s later, after a full GC: ${describeCollected(lingerCollected)}`);

  const errors = {
    http: http.totalErrors,
    socket: tallies.reduce((sum, t) => sum + t.errors.length + t.unexpectedCloses.length, 0),
    sync: connectFailures.length + tallies.reduce((sum, t) => sum + t.refused, 0) + unanswered(tallies),
  };
  correct = soakCorrect(errors, stored.typed, stored.stored, stored.inexact.length);
  const results: SoakResults = {
    machine: describeCollabMachine(),
    flags: args.filter((a, i) => a !== "--no-write" && a !== "--heap-snapshots" && args[i - 1] !== "--heap-snapshots"),
    minutes: MINUTES,
    clients: CLIENTS,
    connected: tallies.reduce((sum, t) => sum + t.clients, 0),
    documents: DOCUMENTS,
    cps: CPS,
    pagesPerMinute: PAGES_PER_MINUTE,
    apiReadsPerMinute: API_READS_PER_MINUTE,
    idle: { rssMiB: idleRssMiB, loop: idleLoop },
    collected: { before: idleCollected, after: endCollected, linger: lingerCollected, lingerSeconds: LINGER_SECONDS },
    samples,
    errors,
    errorSamples: [...connectFailures, ...http.errorSamples, ...tallies.flatMap((t) => [...t.errors, ...t.unexpectedCloses])].slice(0, 10),
    totals: { pageLoads: http.totalPageLoads, apiReads: http.totalApiReads, updates: tallies.reduce((sum, t) => sum + t.sent, 0) },
    typed: stored.typed,
    stored: stored.stored,
    inexactLines: stored.inexact.length,
    settleMs,
    persistMs,
    rss: rssVerdict(samples, RUN_SECONDS),
    profile,
    correct,
    loadAverages: os.loadavg(),
    seconds: (performance.now() - began) / 1000,
  };
  const section = formatSoakSection(results);
  console.log(`\n${section}\n`);
  if (stored.inexact.length > 0) {
    // What a lost or misplaced keystroke looks like: the first lines, as typed and as stored.
    const text = await storedText(baseUrl, apiToken, account.documentIds);
    for (const line of stored.inexact.slice(0, 3)) {
      log(`not stored as typed: ${line.marker}typed ${line.typed}, stored ${line.stored}, ${line.copies} copies`);
      log(`  typed:  ${JSON.stringify(typedLines.find((t) => t.marker === line.marker)?.typed.slice(0, 200))}`);
      log(`  stored: ${JSON.stringify(text.split("\n").filter((l) => l.startsWith(line.marker)).map((l) => l.slice(0, 200)))}`);
    }
  }
  if (!args.includes("--no-write")) {
    writeBenchSection(OUTPUT, "soak", section);
    log(`wrote ${path.relative(ROOT, OUTPUT)}`);
  }
} catch (error) {
  correct = false;
  console.error(error);
  if (app) console.error(`server output:\n${app.output().slice(-4000)}`);
} finally {
  await http?.stop();
  inspector?.close();
  await Promise.all(generators.map((g) => g.stop()));
  await app?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (!correct) {
  console.error("[soak] FAILED: errors, or keystrokes typed that were not stored (see above)");
  process.exitCode = 1;
}

/** The document's page, from the API (it names the page as the sidebar links it). */
async function pageOf(baseUrl: string, token: string, documentId: string): Promise<HttpTarget> {
  const response = await fetch(`${baseUrl}/api/v1/documents/${documentId}?format=delta`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET /api/v1/documents/${documentId}: ${response.status}`);
  const { url } = (await response.json()) as { url: string }; // the API's document shape
  return { pagePath: url, documentId };
}

/** Every document's stored text, one after the other (each starts on a line of its own). */
async function storedText(baseUrl: string, token: string, documentIds: string[]): Promise<string> {
  const texts = await Promise.all(
    documentIds.map(async (id) => {
      const response = await fetch(`${baseUrl}/api/v1/documents/${id}?format=delta`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(60_000) });
      if (!response.ok) throw new Error(`GET /api/v1/documents/${id}: ${response.status}`);
      const { delta } = (await response.json()) as { delta: { ops?: Array<{ insert?: unknown }> } }; // the API's delta format
      return deltaText(delta);
    }),
  );
  return texts.join("\n");
}

function tallyAll(all: Generator[]): Promise<SoakTally[]> {
  return Promise.all(all.map((g) => g.request<SoakTally>({ kind: "soak-tally" })));
}

function unanswered(tallies: SoakTally[]): number {
  return tallies.reduce((sum, t) => sum + t.sent - t.acked - t.refused, 0);
}

function sampleOf(atS: number, rssMiB: number[], loop: LoopDelay, server: { cpuPercent: number; waitMsPerS: number }, updates: number, counts: HttpCounts): SoakSample {
  return {
    atS,
    rssMiB: median(rssMiB),
    rssMaxMiB: Math.max(...rssMiB),
    loopP99Ms: loop.p99Ms,
    loopMaxMs: loop.maxMs,
    updates,
    pageLoads: counts.pageLoads,
    pageP95Ms: p95(counts.pageMs),
    apiReads: counts.apiReads,
    apiP95Ms: p95(counts.apiMs),
    serverCpuPercent: server.cpuPercent,
    serverWaitMsPerS: server.waitMsPerS,
    loadAverage: os.loadavg()[0] ?? Number.NaN,
  };
}

function p95(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? Number.NaN;
}

/** Generator `i`'s part of `total` spread over `parts`. */
function share(total: number, parts: number, i: number): number {
  return Math.floor(total / parts) + (i < total % parts ? 1 : 0);
}
