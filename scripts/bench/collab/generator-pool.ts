import type { ChildProcess } from "node:child_process";
import { fork } from "node:child_process";
import path from "node:path";
import type { GeneratorRequest } from "./generator";

type Request = GeneratorRequest extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;

/** One forked load-generator process (generator.ts) and the requests it answers. */
export class Generator {
  private readonly child: ChildProcess;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly listeners: Array<(event: string) => void> = [];

  constructor(readonly label: string) {
    this.child = fork(path.join(import.meta.dirname, "generator.ts"), [], {
      execArgv: ["--import", "tsx"],
      serialization: "advanced", // typed arrays cross the pipe as they are
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    this.child.on("message", (message: { id: number; result?: unknown; error?: string; event?: string }) => {
      if (message.event) {
        for (const listener of this.listeners) listener(message.event);
        return;
      }
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.error) waiting.reject(new Error(`${label}: ${message.error}`));
      else waiting.resolve(message.result);
    });
    this.child.on("exit", (code) => {
      for (const waiting of this.pending.values()) waiting.reject(new Error(`${label} exited with ${code}`));
      this.pending.clear();
    });
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  /** Sends one request; resolves to the generator's answer. @throws Error when it fails or exits */
  request<T>(request: Request): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.child.send({ ...request, id });
    });
  }

  onEvent(listener: (event: string) => void): void {
    this.listeners.push(listener);
  }

  /** Ends the process (its sockets close with it). */
  stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once("exit", () => resolve());
      this.child.kill("SIGTERM");
    });
  }
}
