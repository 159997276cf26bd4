import os from "node:os";
import { Worker } from "node:worker_threads";
import type { DerivedDocument } from "./derive-document";

/** A worker with nothing to do for this long is stopped (its Quill and jsdom hold ~100 MB). */
const IDLE_MS = 30_000;

interface Job {
  resolve: (body: DerivedDocument) => void;
  reject: (error: Error) => void;
}

/**
 * Derives stored columns from a Yjs state on worker threads, so rendering a large document
 * (about 1 s per 10,000 words, mostly Quill under jsdom) never stalls the event loop that
 * relays every keystroke. One worker per spare core (at least one, at most four), each
 * started on demand and stopped when idle; jobs go to the least busy.
 */
export class DeriveOffThread {
  private readonly workers: Array<{ worker: Worker; jobs: Map<number, Job>; idleTimer?: NodeJS.Timeout }> = [];
  private nextId = 0;

  constructor(private readonly size = Math.min(4, Math.max(1, os.availableParallelism() - 1))) {}

  derive(state: Uint8Array): Promise<DerivedDocument> {
    const slot = this.pick();
    clearTimeout(slot.idleTimer);
    const id = this.nextId++;
    return new Promise<DerivedDocument>((resolve, reject) => {
      slot.jobs.set(id, { resolve, reject });
      slot.worker.postMessage({ id, state }, [state.buffer as ArrayBuffer]);
    });
  }

  /** Stops every worker; jobs still running fail. */
  async close(): Promise<void> {
    await Promise.all(this.workers.splice(0).map(({ worker }) => worker.terminate()));
  }

  private pick() {
    const idle = this.workers.find((slot) => slot.jobs.size === 0);
    if (idle) return idle;
    if (this.workers.length < this.size) return this.spawn();
    return this.workers.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
  }

  private spawn() {
    const worker = new Worker(new URL("./derive-worker-entry.mjs", import.meta.url));
    worker.unref();
    const slot: (typeof this.workers)[number] = { worker, jobs: new Map() };
    const settle = (id: number, outcome: { result?: DerivedDocument; error?: string }) => {
      const job = slot.jobs.get(id);
      slot.jobs.delete(id);
      if (outcome.error !== undefined) job?.reject(new Error(outcome.error));
      else if (outcome.result) job?.resolve(outcome.result);
      if (slot.jobs.size === 0) {
        slot.idleTimer = setTimeout(() => this.retire(slot), IDLE_MS);
        slot.idleTimer.unref();
      }
    };
    worker.on("message", (message: { id: number; result?: DerivedDocument; error?: string }) => settle(message.id, message));
    worker.on("error", (error) => this.fail(slot, error));
    worker.on("exit", (code) => this.fail(slot, new Error(`document renderer exited with code ${code}`)));
    this.workers.push(slot);
    return slot;
  }

  private retire(slot: (typeof this.workers)[number]) {
    if (slot.jobs.size > 0) return;
    this.workers.splice(this.workers.indexOf(slot), 1);
    void slot.worker.terminate();
  }

  /** A crashed worker fails its jobs and is replaced on the next call. */
  private fail(slot: (typeof this.workers)[number], error: Error) {
    const index = this.workers.indexOf(slot);
    if (index >= 0) this.workers.splice(index, 1);
    for (const job of slot.jobs.values()) job.reject(error);
    slot.jobs.clear();
  }
}
