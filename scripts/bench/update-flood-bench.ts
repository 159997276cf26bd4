import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as Y from "yjs";
import type { RunningApp } from "../../e2e/support/start-app";
import { stopApp } from "../../e2e/support/start-app";
import { connectCollab } from "@test/collab-client";
import { BODY_YTEXT } from "@/shared/editor-rules";
import { seedWorkspace, startSignedIn } from "./collab/collab-app";
import { mainThreadCpuMs, runQueueWaitMs } from "./collab/proc-stats";

// One editor's flood of Yjs items over /collab (QA third sweep #4): how long do other requests
// wait? Each case sends, from one signed-in socket, updates made of one-character inserts each at
// the start of the body (so none merge into one item), while a separate process asks
// /api/health every 50 ms (this process blocks for seconds building and applying the floods to
// its own copy, so it can't time the server), and the server's main thread's CPU time over the
// same window is read from /proc: the work that held its event loop, which the machine's other load
// does not change, unlike the wait, less what the health checks cost it (measured first, alone).
// It leaves out what V8's helper threads do for the garbage collector while the loop waits.
// Prints a Markdown table; writes nothing.
// Usage: `npm run bench:flood` [-- --quick] (--quick: a tenth of the items and shorter windows,
// for the smoke run). In
// another checkout (a build before a change) `node --import tsx scripts/bench/update-flood-bench.ts`
// measures that build: copy the script (and collab/proc-stats.ts) there.
const isQuick = process.argv.includes("--quick");
const PROBE_FLAG = "--probe-health";
// Health checks alone, then around each case, and the pause between reads of the stored body.
const WINDOWS = isQuick ? { aloneMs: 2_000, caseMs: 3_000, storedPollMs: 1_000 } : { aloneMs: 5_000, caseMs: 20_000, storedPollMs: 3_000 };

if (process.argv[2] === PROBE_FLAG) {
  await probeHealth(process.argv[3] ?? "", Number(process.argv[4]));
} else {
  await runCases();
}

interface Case {
  label: string;
  items: number;
  messages: number;
}

async function runCases(): Promise<void> {
  const scale = isQuick ? 10 : 1;
  const cases: Case[] = [
    { label: "QA's t24: one message", items: 200_000 / scale, messages: 1 },
    { label: "QA's t24: one message (9.9 MB at full size)", items: 900_000 / scale, messages: 1 },
    { label: `a burst: 4 messages of ${(150_000 / scale).toLocaleString("en")} items, back to back`, items: 150_000 / scale, messages: 4 },
  ];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-flood-bench-"));
  let app: RunningApp | undefined;
  try {
    const account = await seedWorkspace(dataDir, cases.length);
    const started = await startSignedIn(dataDir, account);
    app = started.app;
    const alone = await probeWhile(app, WINDOWS.aloneMs, async () => {});
    const perCheckMs = alone.cpuMs / Math.max(1, alone.answers.length);
    const rows: string[] = [];
    for (const [index, floodCase] of cases.entries()) {
      const documentId = account.documentIds[index] ?? "";
      rows.push(await runCase(app, started.headers, documentId, floodCase, perCheckMs));
    }
    console.log(`\n${new Date().toISOString()}, Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, load average ${os.loadavg()[0]?.toFixed(1)}; a health check alone costs the server's main thread ${perCheckMs.toFixed(1)} ms of CPU (${alone.answers.length} in ${WINDOWS.aloneMs / 1000} s, slowest ${Math.round(Math.max(...alone.answers.map(([, ms]) => ms)))} ms)\n`);
    console.log("| case | items | bytes | server's answer, after ms | slowest /api/health ms until then | after (the store) | health checks | server main thread CPU ms beyond the checks' | its wait for a core ms | stored characters |");
    console.log("|---|---:|---:|---|---:|---:|---:|---:|---:|---:|");
    for (const row of rows) console.log(row);
  } finally {
    if (app) await stopApp(app);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function runCase(app: RunningApp, headers: Record<string, string>, documentId: string, { label, items, messages }: Case, perCheckMs: number): Promise<string> {
  const client = connectCollab(app.port, documentId, headers);
  try {
    // Synced, and its own sync step 2 acknowledged, so the acknowledgements counted below are the flood's.
    await until(() => client.events.includes("synced") && client.events.includes("sync-status: applied"), 30_000, "the client did not sync");
    const side = new Y.Doc();
    Y.applyUpdate(side, Y.encodeStateAsUpdate(client.doc));
    const updates: Uint8Array[] = [];
    for (let message = 0; message < messages; message += 1) {
      const at = Y.encodeStateVector(side);
      side.transact(() => {
        for (let i = 0; i < items; i += 1) side.getText(BODY_YTEXT).insert(0, "x");
      });
      updates.push(Y.encodeStateAsUpdate(side, at));
    }
    const bytes = updates.reduce((sum, update) => sum + update.length, 0);
    const acks = () => client.events.filter((event) => event === "sync-status: applied").length;
    const acksBefore = acks();
    let sentAt = 0;
    let answeredAt = Number.POSITIVE_INFINITY;
    const probed = await probeWhile(app, WINDOWS.caseMs, async () => {
      sentAt = Date.now();
      for (const update of updates) Y.applyUpdate(client.doc, update); // the provider sends each as it is applied
      // The server's answer: every message acknowledged, or the connection closed over one.
      const isAnswered = () => acks() - acksBefore >= messages || client.events.some((event) => event.startsWith("closed"));
      while (!isAnswered() && Date.now() < sentAt + 60_000) await new Promise((resolve) => setTimeout(resolve, 5));
      answeredAt = Date.now();
    });
    const closed = client.events.find((event) => event.startsWith("closed"));
    const applied = acks() - acksBefore;
    const answer = `${closed ? `refused (${closed.replace(/^closed: \d+ /, "")})` : `${applied} of ${messages} applied`}, ${(answeredAt - sentAt).toLocaleString("en")}`;
    const slowest = (checks: Array<[number, number]>) => Math.round(Math.max(0, ...checks.map(([, ms]) => ms))).toLocaleString("en");
    const before = probed.answers.filter(([at]) => at < answeredAt);
    const after = probed.answers.filter(([at]) => at >= answeredAt);
    client.close();
    const stored = await storedLength(app, headers, documentId);
    const work = Math.max(0, probed.cpuMs - probed.answers.length * perCheckMs);
    return `| ${label} | ${(items * messages).toLocaleString("en")} | ${bytes.toLocaleString("en")} | ${answer} | ${slowest(before)} | ${slowest(after)} | ${probed.answers.length} | ${Math.round(work).toLocaleString("en")} | ${Math.round(probed.waitMs).toLocaleString("en")} | ${stored.toLocaleString("en")} |`;
  } finally {
    client.close();
  }
}

/**
 * Runs `work` one second into `watchMs` of health checks from another process; returns each
 * check (when it was asked, Unix ms, and how long its answer took), and the server's main-thread
 * CPU time and wait for a core over the window.
 */
async function probeWhile(app: RunningApp, watchMs: number, work: () => Promise<void>): Promise<{ answers: Array<[number, number]>; cpuMs: number; waitMs: number }> {
  const pid = app.process.pid ?? 0;
  const [cpuBefore, waitBefore] = [mainThreadCpuMs(pid), runQueueWaitMs(pid)];
  const probe = fork(import.meta.filename, [PROBE_FLAG, app.url, String(watchMs)], { execArgv: ["--import", "tsx"], stdio: ["ignore", "pipe", "inherit", "ipc"] });
  let printed = "";
  probe.stdout?.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  const ended = new Promise((resolve) => probe.on("exit", resolve));
  await new Promise((resolve) => setTimeout(resolve, 1_000)); // the probe's first answers, unloaded
  await work();
  await ended;
  const answers = JSON.parse(printed.trim().split("\n").at(-1) ?? "[]") as Array<[number, number]>; // the probe's last line
  return { answers, cpuMs: mainThreadCpuMs(pid) - cpuBefore, waitMs: runQueueWaitMs(pid) - waitBefore };
}

// The body's length as stored once the last client left (the store runs then): read until it stops changing.
async function storedLength(app: RunningApp, headers: Record<string, string>, documentId: string): Promise<number> {
  let length = -1;
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    const response = await fetch(`${app.url}/api/v1/documents/${documentId}`, { headers });
    const { delta } = (await response.json()) as { delta?: { ops: Array<{ insert: unknown }> } };
    const now = (delta?.ops ?? []).reduce((sum, op) => sum + (typeof op.insert === "string" ? op.insert.length : 1), 0);
    if (now === length) return now;
    length = now;
    await new Promise((resolve) => setTimeout(resolve, WINDOWS.storedPollMs));
  }
  return length;
}

async function until(condition: () => boolean, timeoutMs: number, message: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(message);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// The probe process: asks /api/health every 50 ms for `watchMs`, then prints each check as
// [asked at (Unix ms), answered in (ms)].
async function probeHealth(url: string, watchMs: number): Promise<void> {
  const end = performance.now() + watchMs;
  const answers: Array<[number, number]> = [];
  while (performance.now() < end) {
    const askedAt = Date.now();
    const started = performance.now();
    const response = await fetch(`${url}/api/health`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`/api/health answered ${response.status}`);
    answers.push([askedAt, performance.now() - started]);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  console.log(JSON.stringify(answers));
}
