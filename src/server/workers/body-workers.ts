import os from "node:os";
import { Worker } from "node:worker_threads";
import type { ConvertibleFile } from "@/server/formats/import/convert-file";
import { UnreadableFileError } from "@/server/formats/import/unreadable-file-error";
import type { BodyWork } from "./body-work";
import type { DerivedDocument } from "@/server/body/derive-document";
import type { BodyDelta } from "@/server/body/sanitize-delta";
import type { StateFromDelta } from "@/server/body/state-from-delta";

/** A worker with nothing to do for this long is stopped (its Quill and jsdom hold ~100 MB): BODY_WORKER_IDLE_SECONDS. */
const IDLE_MS = 30_000;

/** One worker per spare core, at least one and at most four: BODY_WORKERS's default. */
export const DEFAULT_BODY_WORKERS = Math.min(4, Math.max(1, os.availableParallelism() - 1));

/** One job of BodyWork, as posted to a worker. */
export type BodyJob =
  | { kind: "derive"; state: Uint8Array }
  | { kind: "convert"; file: ConvertibleFile }
  | { kind: "build"; delta: unknown };

/** A worker's answer to job `id`: its result, or the error's message. */
export interface BodyJobReply {
  id: number;
  result?: unknown;
  error?: string;
  /** The error was an UnreadableFileError (its message is for the person importing). */
  isUnreadable?: boolean;
}

interface Job {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  jobs: Map<number, Job>;
  idleTimer?: NodeJS.Timeout;
}

/**
 * BodyWork on worker threads, so rendering or converting a large document (about 1 s per
 * 10,000 words, mostly Quill under jsdom; a .docx's inflating) never stalls the event loop that
 * serves requests and relays every keystroke. One worker per spare core (at least one, at most
 * four; BODY_WORKERS), each started on demand and stopped when idle; jobs go to the least busy. Only
 * server.ts's own module graph may construct it: Next can't bundle the worker's entry file.
 */
export class BodyWorkers implements BodyWork {
  private readonly workers: Slot[] = [];
  private nextId = 0;

  constructor(
    readonly size = DEFAULT_BODY_WORKERS,
    private readonly idleMs = IDLE_MS,
    /** Each worker's old-generation limit (BODY_WORKER_MAX_HEAP_MB): unset, V8's default, which let a busy worker pass 1.5 GB before collecting. */
    private readonly maxHeapMb?: number,
  ) {}

  derive(state: Uint8Array): Promise<DerivedDocument> {
    // The worker gets its own copy, moved rather than cloned: transferring the caller's buffer
    // would detach it, and Node silently drops a later message that transfers a detached buffer,
    // so a second derive of the same bytes would wait forever. Copying even a large state is
    // microseconds beside the render.
    const copy = state.slice();
    return this.post({ kind: "derive", state: copy }, [copy.buffer]) as Promise<DerivedDocument>; // the worker answers a derive job with a DerivedDocument
  }

  convert(file: ConvertibleFile): Promise<BodyDelta> {
    return this.post({ kind: "convert", file }) as Promise<BodyDelta>; // answered with the converted delta
  }

  build(delta: unknown): Promise<StateFromDelta> {
    return this.post({ kind: "build", delta }) as Promise<StateFromDelta>; // answered with stateFromDelta's result
  }

  /** Stops every worker; jobs still running fail. */
  async close(): Promise<void> {
    await Promise.all(this.workers.splice(0).map(({ worker }) => worker.terminate()));
  }

  private post(job: BodyJob, transfer: ArrayBuffer[] = []): Promise<unknown> {
    const slot = this.pick();
    clearTimeout(slot.idleTimer);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      slot.jobs.set(id, { resolve, reject });
      slot.worker.postMessage({ id, job }, transfer);
    });
  }

  private pick(): Slot {
    const idle = this.workers.find((slot) => slot.jobs.size === 0);
    if (idle) return idle;
    if (this.workers.length < this.size) return this.spawn();
    return this.workers.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
  }

  private spawn(): Slot {
    const worker = new Worker(new URL("./body-worker-entry.mjs", import.meta.url), this.maxHeapMb ? { resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb } } : {});
    worker.unref();
    const slot: Slot = { worker, jobs: new Map() };
    worker.on("message", (reply: BodyJobReply) => {
      const job = slot.jobs.get(reply.id);
      slot.jobs.delete(reply.id);
      if (reply.error === undefined) job?.resolve(reply.result);
      else job?.reject(reply.isUnreadable ? new UnreadableFileError(reply.error) : new Error(reply.error));
      if (slot.jobs.size === 0) {
        slot.idleTimer = setTimeout(() => this.retire(slot), this.idleMs);
        slot.idleTimer.unref();
      }
    });
    worker.on("error", (error) => this.fail(slot, error));
    worker.on("exit", (code) => this.fail(slot, new Error(`body worker exited with code ${code}`)));
    this.workers.push(slot);
    return slot;
  }

  private retire(slot: Slot): void {
    if (slot.jobs.size > 0) return;
    this.workers.splice(this.workers.indexOf(slot), 1);
    void slot.worker.terminate();
  }

  /** A crashed worker fails its jobs and is replaced on the next call. */
  private fail(slot: Slot, error: Error): void {
    const index = this.workers.indexOf(slot);
    if (index >= 0) this.workers.splice(index, 1);
    for (const job of slot.jobs.values()) job.reject(error);
    slot.jobs.clear();
  }
}
