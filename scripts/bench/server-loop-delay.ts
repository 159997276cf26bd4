import type { ServerInspector } from "./collab/collab-app";

// The server's own event-loop delay, read over its inspector (it runs with --inspect=127.0.0.1:0):
// a perf_hooks histogram created and read by expressions evaluated in the server's main thread,
// so the server needs no endpoint for it and the figure is the server's loop, not the bench's.
// `require` is the inspector console's (includeCommandLineAPI), as memory-probe.ts uses it.
const HANDLE = "globalThis.__quireBenchLoopDelay";
const RESOLUTION_MS = 10;

export interface LoopDelay {
  p99Ms: number;
  maxMs: number;
  meanMs: number;
}

export class ServerLoopDelay {
  private constructor(private readonly inspector: ServerInspector) {}

  /** Starts a histogram in the server (10 ms resolution, as bench:conversions uses). */
  static async start(inspector: ServerInspector): Promise<ServerLoopDelay> {
    const probe = new ServerLoopDelay(inspector);
    await probe.evaluate(`(${HANDLE} ??= require("node:perf_hooks").monitorEventLoopDelay({ resolution: ${RESOLUTION_MS} })).enable(), "{}"`);
    return probe;
  }

  /** The delay since the last reading (or the start), then starts counting afresh. */
  async readAndReset(): Promise<LoopDelay> {
    return JSON.parse(
      await this.evaluate(`(() => { const h = ${HANDLE}; const r = { p99Ms: h.percentile(99) / 1e6, maxMs: h.max / 1e6, meanMs: h.mean / 1e6 }; h.reset(); return JSON.stringify(r); })()`),
    ) as LoopDelay; // the shape the expression builds
  }

  async stop(): Promise<void> {
    await this.evaluate(`${HANDLE}?.disable(), "{}"`);
  }

  private async evaluate(expression: string): Promise<string> {
    const answer = await this.inspector.send<{ result: { value?: string }; exceptionDetails?: { text: string } }>("Runtime.evaluate", {
      expression,
      includeCommandLineAPI: true,
      returnByValue: true,
    });
    if (answer.exceptionDetails || typeof answer.result.value !== "string") throw new Error(`the server's inspector refused ${expression}: ${answer.exceptionDetails?.text ?? "no value"}`);
    return answer.result.value;
  }
}
