import type { Generator as LoadGenerator } from "./generator-pool";
import type { WindowRecords } from "./generator";
import os from "node:os";
import { cpuPercentSince, cpuSnapshot, rssBytes, runQueueWaitSince, writeCounts } from "./proc-stats";

export interface EditorsOptions {
  port: number;
  serverPid: number;
  documentId: string;
  headers: Record<string, string>;
  generators: LoadGenerator[];
  step: number;
  maxClients: number;
  /** Clients per step that record arrivals (spread over the generators). */
  observersPerStep: number;
  maxObservers: number;
  charsPerSecond: number;
  maxLine: number;
  withCursor: boolean;
  settleMs: number;
  windowMs: number;
  graceMs: number;
  /** Stop once a step's p95 passes this. */
  stopP95Ms: number;
  log: (message: string) => void;
}

export interface StepResult {
  clients: number;
  observers: number;
  connectMs: number;
  keystrokes: number;
  samples: number;
  /** Keystrokes typed in the window that an observer had not received by the end of the grace time. */
  missing: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  serverCpuPercent: number;
  serverRssMiB: number;
  /** Server CPU time per keystroke typed in the window (all clients, cursor update included), µs. */
  serverCpuUsPerKeystroke: number;
  /** Server write syscalls (all but a few are socket writes) per keystroke typed in the window. */
  serverWritesPerKeystroke: number;
  /** Bytes the server wrote per keystroke typed in the window. */
  serverBytesPerKeystroke: number;
  /** Ms per second the server's event loop was runnable but waited for a core (machine contention). */
  serverWaitMsPerS: number;
  /** The machine's 1-minute load average at the end of the window (2 cores). */
  loadAverage: number;
  generatorCpuPercent: number;
  generatorLagP95: number;
}

/**
 * (b): adds `step` typing clients to one document at a time and measures, per step, the time
 * from each keystroke to its arrival at the observing clients, the server's CPU and RSS and the
 * generators' own CPU, until p95 passes `stopP95Ms` or `maxClients` are typing.
 */
export async function benchManyEditors(options: EditorsOptions): Promise<{ steps: StepResult[]; stoppedBecause: string }> {
  const results: StepResult[] = [];
  let stoppedBecause = `${options.maxClients} clients reached`;
  const { generators } = options;
  let observers = 0;
  await Promise.all(
    generators.map((g) => g.request({ kind: "typing", charsPerSecond: options.charsPerSecond, maxLine: options.maxLine, withCursor: options.withCursor })),
  );
  for (let clients = options.step; clients <= options.maxClients; clients += options.step) {
    const newObservers = Math.min(options.observersPerStep, options.maxObservers - observers);
    const connectStarted = performance.now();
    const connected = await Promise.all(
      generators.map((g, i) =>
        g.request<{ ms: number; failures: string[] }>({
          kind: "connect",
          port: options.port,
          headers: options.headers,
          documentIds: [options.documentId],
          count: share(options.step, generators.length, i),
          observers: share(newObservers, generators.length, i),
          announce: true,
          ownLine: true,
        }),
      ),
    );
    const failures = connected.flatMap((c) => c.failures);
    if (failures.length > 0) {
      // A server that can no longer admit clients is a result too: stop and report what came before.
      stoppedBecause = `${failures.length} of ${options.step} new clients failed to connect at ${clients} (${failures[0]})`;
      options.log(`(b) ${stoppedBecause}`);
      break;
    }
    observers += newObservers;
    const connectMs = performance.now() - connectStarted;
    // New clients start typing (each at a random phase), then the load settles.
    await Promise.all(generators.map((g) => g.request({ kind: "typing", charsPerSecond: options.charsPerSecond, maxLine: options.maxLine, withCursor: options.withCursor })));
    await sleep(options.settleMs);

    const serverCpu = cpuSnapshot(options.serverPid);
    const writesBefore = writeCounts(options.serverPid);
    await Promise.all(generators.map((g) => g.request({ kind: "window-start" })));
    await sleep(options.windowMs);
    await Promise.all(generators.map((g) => g.request({ kind: "window-stop" })));
    const serverCpuPercent = cpuPercentSince(options.serverPid, serverCpu);
    const writesAfter = writeCounts(options.serverPid);
    const written = { syscalls: writesAfter.syscalls - writesBefore.syscalls, bytes: writesAfter.bytes - writesBefore.bytes };
    const serverWaitMsPerS = runQueueWaitSince(options.serverPid, serverCpu);
    const loadAverage = os.loadavg()[0] ?? NaN;
    const serverRssMiB = rssBytes(options.serverPid) / 2 ** 20;
    await sleep(options.graceMs);
    const records = await Promise.all(generators.map((g) => g.request<WindowRecords>({ kind: "collect" })));
    const elapsed = options.windowMs + options.graceMs;
    const result = summarise(clients, observers, connectMs, records, { serverCpuPercent, serverRssMiB, serverWaitMsPerS, loadAverage, written, elapsedMs: elapsed, windowMs: options.windowMs });
    results.push(result);
    options.log(
      `(b) ${clients} clients: p50/p95/p99 ${result.p50.toFixed(0)}/${result.p95.toFixed(0)}/${result.p99.toFixed(0)} ms over ${result.samples} arrivals (${result.missing} missing), server CPU ${serverCpuPercent.toFixed(0)} % (${result.serverCpuUsPerKeystroke.toFixed(0)} µs, ${result.serverWritesPerKeystroke.toFixed(1)} writes, ${(result.serverBytesPerKeystroke / 1024).toFixed(1)} KiB per keystroke), RSS ${serverRssMiB.toFixed(0)} MiB, waited ${result.serverWaitMsPerS.toFixed(0)} ms/s for a core (load ${result.loadAverage.toFixed(1)}), generators ${result.generatorCpuPercent.toFixed(0)} % (lag p95 ${result.generatorLagP95.toFixed(0)} ms)`,
    );
    if (result.p95 > options.stopP95Ms) {
      stoppedBecause = `p95 passed ${options.stopP95Ms} ms`;
      break;
    }
  }
  return { steps: results, stoppedBecause };
}

function summarise(
  clients: number,
  observers: number,
  connectMs: number,
  records: WindowRecords[],
  server: {
    serverCpuPercent: number;
    serverRssMiB: number;
    serverWaitMsPerS: number;
    loadAverage: number;
    written: { syscalls: number; bytes: number };
    elapsedMs: number;
    windowMs: number;
  },
): StepResult {
  const sent = new Map<number, number>();
  for (const { sends } of records) {
    for (let i = 0; i < sends.length; i += 3) sent.set(key(sends[i] ?? 0, sends[i + 1] ?? 0), sends[i + 2] ?? 0);
  }
  const latencies: number[] = [];
  const ownKeystrokes = new Map<number, number>();
  for (const [client] of sentClients(records)) ownKeystrokes.set(client, (ownKeystrokes.get(client) ?? 0) + 1);
  const observerClients = new Map<number, number>();
  for (const r of records) for (let i = 0; i < r.observers.length; i += 2) observerClients.set(r.observers[i] ?? 0, r.observers[i + 1] ?? 0);
  const seen = new Map<number, Set<number>>(); // per observer, the keystrokes it received (first arrival counts)
  for (const { arrivals } of records) {
    for (let i = 0; i < arrivals.length; i += 5) {
      const observer = arrivals[i] ?? 0;
      const client = arrivals[i + 1] ?? 0;
      const clock = arrivals[i + 2] ?? 0;
      const length = arrivals[i + 3] ?? 0;
      const at = arrivals[i + 4] ?? 0;
      let received = seen.get(observer);
      if (!received) seen.set(observer, (received = new Set()));
      for (let c = clock; c < clock + length; c++) {
        const id = key(client, c);
        const sentAt = sent.get(id);
        if (sentAt === undefined || received.has(id)) continue;
        received.add(id);
        latencies.push(at - sentAt);
      }
    }
  }
  // Every observer should receive every keystroke but its own: the rest never arrived in time.
  let expected = 0;
  for (const client of observerClients.values()) expected += sent.size - (ownKeystrokes.get(client) ?? 0);
  const missing = Math.max(0, expected - latencies.length);
  for (let i = 0; i < missing; i++) latencies.push(Number.POSITIVE_INFINITY);
  latencies.sort((a, b) => a - b);
  const generatorCpuMs = records.reduce((sum, r) => sum + r.cpuMs, 0);
  const lags = records.flatMap((r) => Array.from(r.lags)).sort((a, b) => a - b);
  return {
    clients,
    observers,
    connectMs,
    keystrokes: sent.size,
    samples: latencies.length - missing,
    missing,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? NaN,
    serverCpuPercent: server.serverCpuPercent,
    serverRssMiB: server.serverRssMiB,
    serverWaitMsPerS: server.serverWaitMsPerS,
    serverCpuUsPerKeystroke: (server.serverCpuPercent * 10 * 1000) / Math.max(1, lags.length / (server.windowMs / 1000)),
    serverWritesPerKeystroke: server.written.syscalls / Math.max(1, lags.length),
    serverBytesPerKeystroke: server.written.bytes / Math.max(1, lags.length),
    loadAverage: server.loadAverage,
    generatorCpuPercent: (100 * generatorCpuMs) / server.elapsedMs,
    generatorLagP95: percentile(lags, 0.95),
  };
}

function* sentClients(records: WindowRecords[]): Generator<[number]> {
  for (const { sends } of records) for (let i = 0; i < sends.length; i += 3) yield [sends[i] ?? 0];
}

function key(client: number, clock: number): number {
  return client * 2 ** 20 + clock;
}

function share(total: number, parts: number, index: number): number {
  return Math.floor(total / parts) + (index < total % parts ? 1 : 0);
}

/** The value below which `fraction` of the sorted `values` lie (nearest rank). */
export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? NaN;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
