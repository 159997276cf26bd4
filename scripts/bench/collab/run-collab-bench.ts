import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RunningApp } from "../../../e2e/support/start-app";
import { writeBenchSection } from "../benchmarks-doc";
import { seedWorkspace, ServerInspector, startSignedIn, warmUp } from "./collab-app";
import type { CollabResults } from "./collab-report";
import { describeCollabMachine, formatCollabSection } from "./collab-report";
import { summariseProfile } from "./cpu-profile";
import { Generator } from "./generator-pool";
import { benchGuardCost } from "./guard-cost";
import { benchIdleConnections } from "./idle-connections";
import { benchManyEditors } from "./many-editors";
import { readTrace, replayThroughServer } from "./trace-replay";

// `npm run bench:collab` (issue #4 item 7): the collaboration server under (a) a real editing
// trace with watchers, (b) a growing crowd typing into one document, (c) many idle connections,
// and (d) the update guard's cost per keystroke, in this process.
// Flags: --quick (a smoke run of a few seconds per part), --profile (take a V8 CPU profile of
// the server over its inspector during (b) and name its hot functions), --only=a,b,c,d, --no-write (print only),
// --step=N, --max-clients=N and --stop-p95=MS ((b) adds N clients a step, stops at N clients or once
// p95 passes MS; default 50, 1,000 and 500: `--step=250 --max-clients=250` measures one load).
const ROOT = path.resolve(import.meta.dirname, "../../..");
const OUTPUT = path.join(ROOT, "docs", "benchmarks.md");
const args = process.argv.slice(2);
const isQuick = args.includes("--quick");
const isProfiling = args.includes("--profile");
const only = new Set((args.find((a) => a.startsWith("--only="))?.slice("--only=".length) ?? "a,b,c,d").split(","));
// For A/B runs on a busy machine: the same steps for both sides, however contended the latency.
const numberFlag = (name: string): number | undefined => {
  const value = args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  return value === undefined ? undefined : Number(value);
};
const maxClientsFlag = numberFlag("max-clients");
const stopP95Flag = numberFlag("stop-p95");

// Quick: the least that runs every part and every step of (b) twice (a smoke run; its figures
// are not to be quoted), with the warm-up's wait for the first store (warmUp) cut short too.
const CONFIG = isQuick
  ? {
      replay: { edits: 30_000, batchSize: 100, watchers: 10, floorRuns: 3 },
      editors: { step: 50, maxClients: 100, windowMs: 1_500, settleMs: 500, graceMs: 1_000 },
      idle: { connections: 100, documents: 20, settleMs: 1_000 },
      guard: { clients: [50], keystrokes: 500, rounds: 1 },
      warmUpMs: 1_000,
    }
  : {
      replay: { edits: Number.POSITIVE_INFINITY, batchSize: 100, watchers: 10, floorRuns: 3 },
      editors: { step: 50, maxClients: 1_000, windowMs: 8_000, settleMs: 2_000, graceMs: 2_000 },
      idle: { connections: 1_000, documents: 200, settleMs: 5_000 },
      guard: { clients: [50, 200, 400], keystrokes: 4_000, rounds: 5 },
      warmUpMs: 6_000,
    };
const TYPING = { charsPerSecond: 5, maxLine: 60, withCursor: true, observersPerStep: 2, maxObservers: 10, stopP95Ms: stopP95Flag ?? 500 };
if (maxClientsFlag !== undefined) CONFIG.editors.maxClients = maxClientsFlag;
const stepFlag = numberFlag("step");
if (stepFlag !== undefined) CONFIG.editors.step = stepFlag;
const GENERATORS = 2;

const began = performance.now();
const log = (message: string) => console.log(`[bench:collab ${((performance.now() - began) / 1000).toFixed(0).padStart(3)} s] ${message}`);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-collab-bench-"));
let app: RunningApp | undefined;
let generators: Generator[] = [];
const results: CollabResults = { machine: describeCollabMachine(), quick: isQuick, flags: args.filter((a) => a !== "--no-write"), seconds: 0 };
try {
  log("creating an account, a workspace and documents through the services…");
  const account = await seedWorkspace(dataDir, 2 + CONFIG.idle.documents);
  const [replayDoc = "", editorsDoc = "", ...idleDocs] = account.documentIds;
  // The last idle document takes the warm-up lines before (a) and (b); (c) only counts RSS deltas.
  const warmUpDoc = idleDocs.at(-1) ?? "";

  if (only.has("a")) {
    const full = readTrace();
    const trace = Number.isFinite(CONFIG.replay.edits) ? prefixOf(full, CONFIG.replay.edits) : full;
    log(`(a) replaying ${trace.patches.length.toLocaleString("en")} edits with ${CONFIG.replay.watchers} watchers…`);
    const started = await startSignedIn(dataDir, account);
    app = started.app;
    await warmUp(app, started.headers, warmUpDoc, CONFIG.warmUpMs);
    generators = [new Generator("watchers")];
    const [watcherHost] = generators;
    if (!watcherHost) throw new Error("no watcher process");
    results.replay = await replayThroughServer({
      trace,
      ...CONFIG.replay,
      port: app.port,
      serverPid: app.process.pid ?? 0,
      documentId: replayDoc,
      headers: started.headers,
      watcherHost,
    });
    log(`(a) ${results.replay.allWatchersMs.toFixed(0)} ms through the server vs ${results.replay.floorMs.toFixed(0)} ms bare: ${results.replay.ratio.toFixed(1)}×`);
    await stopAll();
  }

  if (only.has("b")) {
    const started = await startSignedIn(dataDir, account, isProfiling ? ["--inspect=127.0.0.1:0"] : []);
    app = started.app;
    await warmUp(app, started.headers, warmUpDoc, CONFIG.warmUpMs);
    const inspector = isProfiling ? await ServerInspector.attach(app) : null;
    await inspector?.startProfile();
    generators = Array.from({ length: GENERATORS }, (_, i) => new Generator(`generator ${i + 1}`));
    log(`(b) ${TYPING.charsPerSecond} characters a second per client, ${CONFIG.editors.step} more clients per step…`);
    const editors = await benchManyEditors({
      ...CONFIG.editors,
      ...TYPING,
      port: app.port,
      serverPid: app.process.pid ?? 0,
      documentId: editorsDoc,
      headers: started.headers,
      generators,
      log,
    });
    results.editors = editors.steps;
    results.editorsStop = editors.stoppedBecause;
    if (inspector) {
      const kept = path.join(os.tmpdir(), "quire-collab-server.cpuprofile");
      fs.writeFileSync(kept, JSON.stringify(await inspector.stopProfile()));
      inspector.close();
      results.profile = summariseProfile(kept);
      log(`(b) server CPU profile: ${kept} (open it in Chrome DevTools)`);
    }
    await stopAll();
  }

  if (only.has("c")) {
    const started = await startSignedIn(dataDir, account, ["--inspect=127.0.0.1:0"]);
    app = started.app;
    generators = Array.from({ length: GENERATORS }, (_, i) => new Generator(`generator ${i + 1}`));
    log(`(c) ${CONFIG.idle.connections} idle connections over ${CONFIG.idle.documents} documents…`);
    results.idle = await benchIdleConnections({ app, headers: started.headers, documentIds: idleDocs, ...CONFIG.idle, generators, log });
    await stopAll();
  }

  if (only.has("d")) {
    log(`(d) the update guard per keystroke at ${CONFIG.guard.clients.join(", ")} typists…`);
    results.guard = benchGuardCost(CONFIG.guard);
  }

  results.seconds = (performance.now() - began) / 1000;
  const section = formatCollabSection(results);
  console.log(`\n${section}\n`);
  if (!args.includes("--no-write")) {
    writeBenchSection(OUTPUT, "collab", section);
    log(`wrote ${path.relative(ROOT, OUTPUT)}`);
  }
} catch (error) {
  process.exitCode = 1;
  console.error(error);
  if (app) console.error(`server output:\n${app.output().slice(-4000)}`);
} finally {
  await stopAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function stopAll(): Promise<void> {
  await Promise.all(generators.map((g) => g.stop()));
  generators = [];
  await app?.stop();
  app = undefined;
}

/** The first `edits` patches of a trace and the text they leave. */
function prefixOf(trace: ReturnType<typeof readTrace>, edits: number): ReturnType<typeof readTrace> {
  const patches = trace.patches.slice(0, edits);
  let content = "";
  for (const [position, deleted, inserted] of patches) content = content.slice(0, position) + inserted + content.slice(position + deleted);
  return { endContent: content, patches };
}
