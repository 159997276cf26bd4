import fs from "node:fs";
import WebSocket from "ws";
import type { SmapsBreakdown } from "./proc-smaps";
import { smapsBreakdown } from "./proc-smaps";

/** One reading of a server's memory, after a full garbage collection. */
export interface MemoryReading {
  /** /proc/<pid>/status, MB: resident set, its anonymous part (heaps, WebAssembly) and mapped files (code). */
  rss: number;
  rssAnon: number;
  rssFile: number;
  threads: number;
  /** process.memoryUsage() in the server, MB. */
  heapUsed: number;
  heapTotal: number;
  /** Memory V8 tracks outside its heap: PGlite's WebAssembly.Memory is nearly all of it. */
  external: number;
  arrayBuffers: number;
  /** RSS by kind of mapping, MB (proc-smaps.ts): PGlite's WebAssembly memory as resident, malloc's arenas, V8's heaps. */
  smaps: SmapsBreakdown;
  /** The largest V8 heap spaces by size, MB. */
  spaces: Record<string, number>;
}

const MB = 1024 * 1024;

/** The server's main-thread inspector (it runs with --inspect=127.0.0.1:0). */
export class MemoryProbe {
  private nextId = 1;

  private constructor(
    private readonly socket: WebSocket,
    private readonly pid: number,
  ) {}

  /** Connects to the inspector whose address the server printed ("Debugger listening on ws://…"). */
  static async connect(output: () => string, pid: number): Promise<MemoryProbe> {
    const started = Date.now();
    let url: string | undefined;
    while (!(url = /Debugger listening on (ws:\/\/\S+)/.exec(output())?.[1])) {
      if (Date.now() - started > 30_000) throw new Error(`no inspector address in the server's output:\n${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    return new MemoryProbe(socket, pid);
  }

  /** Collects garbage, then reads /proc and process.memoryUsage(). */
  async read(): Promise<MemoryReading> {
    await this.call("HeapProfiler.collectGarbage");
    await new Promise((resolve) => setTimeout(resolve, 200)); // finalisers free WebAssembly memories a tick later
    await this.call("HeapProfiler.collectGarbage");
    // `require` is the inspector console's (includeCommandLineAPI), not the module's.
    const expression = `JSON.stringify({ usage: process.memoryUsage(), spaces: require("node:v8").getHeapSpaceStatistics() })`;
    const answer = (await this.call("Runtime.evaluate", { expression, includeCommandLineAPI: true, returnByValue: true })) as {
      result: { value: string };
    };
    const { usage, spaces } = JSON.parse(answer.result.value) as {
      usage: NodeJS.MemoryUsage;
      spaces: Array<{ space_name: string; space_size: number }>;
    };
    const status = fs.readFileSync(`/proc/${this.pid}/status`, "utf8");
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
    return {
      rss: field("VmRSS") / 1024,
      rssAnon: field("RssAnon") / 1024,
      rssFile: field("RssFile") / 1024,
      threads: field("Threads"),
      heapUsed: usage.heapUsed / MB,
      heapTotal: usage.heapTotal / MB,
      external: usage.external / MB,
      arrayBuffers: usage.arrayBuffers / MB,
      smaps: smapsBreakdown(this.pid),
      spaces: Object.fromEntries(spaces.filter((space) => space.space_size > MB).map((space) => [space.space_name, space.space_size / MB])),
    };
  }

  close(): void {
    this.socket.close();
  }

  private call(method: string, params: object = {}): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(data.toString()) as { id?: number; result?: unknown; error?: { message: string } };
        if (message.id !== id) return;
        this.socket.off("message", onMessage);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      };
      this.socket.on("message", onMessage);
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }
}
