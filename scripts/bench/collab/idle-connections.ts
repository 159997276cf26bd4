import type { RunningApp } from "../../../e2e/support/start-app";
import { ServerInspector } from "./collab-app";
import type { Generator as LoadGenerator } from "./generator-pool";
import { rssBytes } from "./proc-stats";

export interface IdleResult {
  connections: number;
  documents: number;
  connectMs: number;
  /** Server RSS, MiB, each after a forced full GC. */
  rssBeforeMiB: number;
  rssConnectedMiB: number;
  rssAfterMiB: number;
  /** Live V8 heap (after the same GC), MiB: tells a leak from memory the allocator keeps. */
  heapBeforeMiB: number;
  heapConnectedMiB: number;
  heapAfterMiB: number;
  /** (connected − before) / connections. */
  kibPerConnection: number;
  /** Seconds waited after the last disconnect before the last sample. */
  settleSeconds: number;
}

/**
 * (c): opens `connections` idle clients spread round-robin over `documentIds` (each syncs and
 * announces itself in awareness, as the editor does), samples the server's RSS after a forced
 * GC, closes them all and samples again once the documents have unloaded.
 */
export async function benchIdleConnections(options: {
  app: RunningApp;
  headers: Record<string, string>;
  documentIds: string[];
  connections: number;
  generators: LoadGenerator[];
  settleMs: number;
  log: (message: string) => void;
}): Promise<IdleResult> {
  const { app, generators } = options;
  const pid = app.process.pid ?? 0;
  const inspector = await ServerInspector.attach(app);
  const sample = async () => {
    await inspector.collectGarbage();
    await sleep(500);
    const { usedSize } = await inspector.heapUsage();
    return { rss: rssBytes(pid) / 2 ** 20, heap: usedSize / 2 ** 20 };
  };
  // Warm the paths a connection takes (auth, load, sync) with one round first, so the baseline
  // already holds the code and caches that any first connection brings in.
  await generators[0]?.request({ kind: "connect", port: app.port, headers: options.headers, documentIds: options.documentIds.slice(0, 1), count: 5, observers: 0, announce: true, ownLine: false });
  await generators[0]?.request({ kind: "close-all" });
  await sleep(options.settleMs);
  const before = await sample();

  const started = performance.now();
  const per = Math.ceil(options.connections / generators.length);
  const connecting = await Promise.all(
    generators.map((g, i) =>
      g.request<{ failures: string[] }>({
        kind: "connect",
        port: app.port,
        headers: options.headers,
        // Each generator takes every n-th document so all of them get connections.
        documentIds: options.documentIds.filter((_, d) => d % generators.length === i),
        count: Math.min(per, options.connections - per * i),
        observers: 0,
        announce: true,
        ownLine: false,
      }),
    ),
  );
  const failures = connecting.flatMap((c) => c.failures);
  if (failures.length > 0) throw new Error(`${failures.length} idle clients failed to connect: ${failures.slice(0, 3).join("; ")}`);
  const connectMs = performance.now() - started;
  await sleep(1000);
  const connected = await sample();
  options.log(`(c) ${options.connections} idle connections: RSS ${before.rss.toFixed(0)} → ${connected.rss.toFixed(0)} MiB, heap ${before.heap.toFixed(0)} → ${connected.heap.toFixed(0)} MiB`);

  await Promise.all(generators.map((g) => g.request({ kind: "close-all" })));
  await sleep(options.settleMs);
  const after = await sample();
  inspector.close();
  return {
    connections: options.connections,
    documents: options.documentIds.length,
    connectMs,
    rssBeforeMiB: before.rss,
    rssConnectedMiB: connected.rss,
    rssAfterMiB: after.rss,
    heapBeforeMiB: before.heap,
    heapConnectedMiB: connected.heap,
    heapAfterMiB: after.heap,
    kibPerConnection: ((connected.rss - before.rss) * 1024) / options.connections,
    settleSeconds: options.settleMs / 1000,
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
