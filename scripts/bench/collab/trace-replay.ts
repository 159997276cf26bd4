import fs from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import * as Y from "yjs";
import { connectCollab } from "@test/collab-client";
import { BODY_YTEXT } from "@/shared/editor-rules";
import { EDITING_TRACES } from "../editing-traces";
import type { Generator } from "./generator-pool";
import os from "node:os";
import { cpuPercentSince, cpuSnapshot, runQueueWaitSince } from "./proc-stats";

export const TRACE_FILE = path.join(EDITING_TRACES, "sequential_traces/automerge-paper.json.gz");

/** An editing trace (josephg/editing-traces format): splice-like patches per transaction. */
export interface Trace {
  endContent: string;
  patches: Array<[number, number, string]>;
}

export interface ReplayResult {
  edits: number;
  batchSize: number;
  messages: number;
  endChars: number;
  /** Bare Y.Doc, the same batches, in this process: each run's ms. */
  floorRunsMs: number[];
  floorMs: number;
  /** The same batches into a Y.Doc piped to `watchers` Y.Docs in this process (see replayPiped). */
  pipedMs: number;
  /** From the first edit to the writer's last local transaction. */
  writerMs: number;
  /** From the first edit until every watcher's text equals endContent. */
  allWatchersMs: number;
  firstWatcherMs: number;
  watchers: number;
  ratio: number;
  serverCpuPercent: number;
  serverWaitMsPerS: number;
  loadAverage: number;
}

/** Reads the trace and checks it is one this replay can apply with JS string indexes. @throws Error otherwise */
export function readTrace(file = TRACE_FILE): Trace {
  const raw = JSON.parse(gunzipSync(fs.readFileSync(file)).toString("utf8")) as {
    startContent: string;
    endContent: string;
    txns: Array<{ patches: Array<[number, number, string]> }>;
  }; // the data set's documented format (sequential_traces/README.md)
  if (raw.startContent !== "") throw new Error("the trace does not start empty");
  // Positions count code points; in pure ASCII they equal the UTF-16 indexes Y.Text uses.
  if (/[^\x00-\x7f]/.test(raw.endContent)) throw new Error("the trace is not pure ASCII");
  return { endContent: raw.endContent, patches: raw.txns.flatMap((t) => t.patches) };
}

/** Applies patches [from, to) to `text` in one transaction. */
function applyBatch(doc: Y.Doc, text: Y.Text, patches: Trace["patches"], from: number, to: number): void {
  doc.transact(() => {
    for (let i = from; i < to; i++) {
      const [position, deleted, inserted] = patches[i] ?? [0, 0, ""];
      if (deleted > 0) text.delete(position, deleted);
      if (inserted) text.insert(position, inserted);
    }
  });
}

/** The floor: the same batches into a bare Y.Doc, no network, no server. */
export function replayBare(trace: Trace, batchSize: number): number {
  const started = performance.now();
  const doc = new Y.Doc();
  const text = doc.getText(BODY_YTEXT);
  for (let from = 0; from < trace.patches.length; from += batchSize) applyBatch(doc, text, trace.patches, from, Math.min(from + batchSize, trace.patches.length));
  if (text.toString() !== trace.endContent) throw new Error("bare replay does not end at endContent");
  const ms = performance.now() - started;
  doc.destroy();
  return ms;
}

/**
 * The client-side work without a network or server: the same batches into one Y.Doc whose
 * updates are applied to `watchers` more Y.Docs in this process. Not the floor, a breakdown.
 */
export function replayPiped(trace: Trace, batchSize: number, watchers: number): number {
  const started = performance.now();
  const doc = new Y.Doc();
  const text = doc.getText(BODY_YTEXT);
  const copies = Array.from({ length: watchers }, () => new Y.Doc());
  doc.on("update", (update: Uint8Array) => {
    for (const copy of copies) Y.applyUpdate(copy, update);
  });
  for (let from = 0; from < trace.patches.length; from += batchSize) applyBatch(doc, text, trace.patches, from, Math.min(from + batchSize, trace.patches.length));
  if (copies.some((copy) => copy.getText(BODY_YTEXT).toString() !== trace.endContent)) throw new Error("piped replay does not end at endContent");
  const ms = performance.now() - started;
  for (const d of [doc, ...copies]) d.destroy();
  return ms;
}

/**
 * (a): one provider client types the trace through the server, `batchSize` edits per Yjs
 * transaction (one update message each), while `watchers` provider clients in the generator
 * process wait for the final text.
 */
export async function replayThroughServer(options: {
  trace: Trace;
  batchSize: number;
  port: number;
  serverPid: number;
  documentId: string;
  headers: Record<string, string>;
  watcherHost: Generator;
  watchers: number;
  floorRuns: number;
}): Promise<ReplayResult> {
  const { trace, batchSize } = options;
  const floorRunsMs = Array.from({ length: options.floorRuns }, () => replayBare(trace, batchSize));
  const floorMs = [...floorRunsMs].sort((a, b) => a - b)[Math.floor(floorRunsMs.length / 2)] ?? NaN;
  const pipedMs = replayPiped(trace, batchSize, options.watchers);

  const writer = connectCollab(options.port, options.documentId, options.headers);
  const watchersSynced = new Promise<void>((resolve) => options.watcherHost.onEvent((event) => event === "watchers-synced" && resolve()));
  const watching = options.watcherHost.request<{ doneAt: number[] }>({
    kind: "watch",
    port: options.port,
    headers: options.headers,
    documentId: options.documentId,
    count: options.watchers,
    endContent: trace.endContent,
  });
  await Promise.race([watchersSynced, watching]);
  await until(() => writer.events.includes("synced"), 30_000, "the writer to sync");

  const text = writer.doc.getText(BODY_YTEXT);
  const cpu = cpuSnapshot(options.serverPid);
  const startedAt = performance.timeOrigin + performance.now();
  let messages = 0;
  for (let from = 0; from < trace.patches.length; from += batchSize) {
    applyBatch(writer.doc, text, trace.patches, from, Math.min(from + batchSize, trace.patches.length));
    messages++;
    // Let the socket write and the provider read between batches, as between keystrokes.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const writerMs = performance.timeOrigin + performance.now() - startedAt;
  const { doneAt } = await watching;
  const serverCpuPercent = cpuPercentSince(options.serverPid, cpu);
  const serverWaitMsPerS = runQueueWaitSince(options.serverPid, cpu);
  writer.close();
  const allWatchersMs = Math.max(...doneAt) - startedAt;
  return {
    edits: trace.patches.length,
    batchSize,
    messages,
    endChars: trace.endContent.length,
    floorRunsMs,
    floorMs,
    pipedMs,
    writerMs,
    allWatchersMs,
    firstWatcherMs: Math.min(...doneAt) - startedAt,
    watchers: options.watchers,
    ratio: allWatchersMs / floorMs,
    serverCpuPercent,
    serverWaitMsPerS,
    loadAverage: os.loadavg()[0] ?? NaN,
  };
}

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
