import fs from "node:fs";
import type { ServerInspector } from "./collab/collab-app";
import type { SmapsBreakdown } from "./proc-smaps";
import { describeSmaps, smapsBreakdown } from "./proc-smaps";

/** The server's memory after a full garbage collection, MiB: RSS and the parts Node can name. */
export interface CollectedMemory {
  rssMiB: number;
  /** RSS's anonymous part: heaps, WebAssembly memory, malloc (the rest is mapped files: code). */
  rssAnonMiB: number;
  /** V8 heap in use on the main thread. */
  heapMiB: number;
  /** Memory V8 tracks outside its heap: nearly all of it PGlite's WebAssembly.Memory. */
  externalMiB: number;
  arrayBuffersMiB: number;
  /** Threads of the process (body workers are threads: each holds its own V8 heap). */
  threads: number;
  /** RSS by kind of mapping (proc-smaps.ts): where the memory outside the main thread's heap is. */
  smaps: SmapsBreakdown;
}

const MiB = 2 ** 20;

/**
 * Two full GCs through the server's inspector (finalisers free WebAssembly memories a tick
 * later), then /proc and process.memoryUsage(). With `snapshotPath`, also writes a V8 heap
 * snapshot of the main thread there (from inside the server: `v8.writeHeapSnapshot`), for
 * scripts/bench/heap-snapshot-diff.ts.
 */
export async function collectedMemory(inspector: ServerInspector, pid: number, snapshotPath?: string): Promise<CollectedMemory> {
  await inspector.collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 200));
  await inspector.collectGarbage();
  // `require` is the inspector console's (includeCommandLineAPI), as memory-probe.ts uses it.
  const answer = await inspector.send<{ result: { value?: string } }>("Runtime.evaluate", {
    expression: "JSON.stringify(process.memoryUsage())",
    includeCommandLineAPI: true,
    returnByValue: true,
  });
  const usage = JSON.parse(answer.result.value ?? "{}") as NodeJS.MemoryUsage; // the expression's shape
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? NaN);
  const reading: CollectedMemory = {
    rssMiB: field("VmRSS") / 1024,
    rssAnonMiB: field("RssAnon") / 1024,
    heapMiB: usage.heapUsed / MiB,
    externalMiB: usage.external / MiB,
    arrayBuffersMiB: usage.arrayBuffers / MiB,
    threads: field("Threads"),
    smaps: smapsBreakdown(pid),
  };
  if (snapshotPath) {
    await inspector.send("Runtime.evaluate", {
      expression: `require("node:v8").writeHeapSnapshot(${JSON.stringify(snapshotPath)}), "{}"`,
      includeCommandLineAPI: true,
      returnByValue: true,
    });
  }
  return reading;
}

/** One line for the log and the report. */
export function describeCollected(m: CollectedMemory): string {
  return `RSS ${m.rssMiB.toFixed(0)} MiB (anonymous ${m.rssAnonMiB.toFixed(0)}), V8 heap ${m.heapMiB.toFixed(0)}, external ${m.externalMiB.toFixed(0)} (array buffers ${m.arrayBuffersMiB.toFixed(0)}), ${m.threads} threads; by mapping: ${describeSmaps(m.smaps)}`;
}
