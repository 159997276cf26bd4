import os from "node:os";
import { Worker } from "node:worker_threads";
import type { ConvertibleFile } from "@/server/formats/import/convert-file";
import { UnreadableFileError, overLimitError } from "@/server/formats/import/unreadable-file-error";
import type { BodyHtmlOptions, BodyWork } from "./body-work-contract";
import type { DerivedDocument } from "@/server/body/derive-document";
import type { BodyDelta } from "@/server/body/sanitize-delta";
import type { StateFromDelta } from "@/server/body/state-from-delta";

/** A worker with nothing to do for this long is stopped (its Quill and jsdom hold ~100 MB): BODY_WORKER_IDLE_SECONDS. */
const IDLE_MS = 30_000;

/**
 * A conversion still running after this long is stopped, its worker with it, and fails as a file
 * past the limits (docs/product.md "Limits"). The limits of conversion-limits.ts keep every file
 * they accept well under it (the slowest they allow took 24 s on a 2-core machine); this is for
 * whatever else in marked, parse5, jsdom or mammoth takes time that grows faster than the file
 * (marked read 16,000 lines continuing one list item in 77 s before markdown-to-delta.ts gave
 * it a hand), so that no file holds a worker, and the documents waiting to be stored behind it,
 * for long.
 */
export const CONVERT_TIMEOUT_MS = 60_000;

/**
 * A store's derive or a new document's build still running after this long is stopped, its
 * worker with it, and runs again with the body's text as its HTML (textOnlyHtml): the Yjs state,
 * delta and text are stored in full, only the rendering is plain until the next store. Measured
 * bodies take well under a second (1,000,000 characters in one paragraph of 125,000 formatted
 * runs: about 3 s of CPU); the deadline also counts a fresh worker's start (about a second);
 * this is for whatever shape still costs far more than its size, which once held the only
 * worker, and every save queued behind it, for over 5 minutes (docs/architecture.md "Body").
 */
export const BODY_JOB_TIMEOUT_MS = 30_000;

/** One worker per spare core, at least one and at most four: BODY_WORKERS's default. */
export const DEFAULT_BODY_WORKERS = Math.min(4, Math.max(1, os.availableParallelism() - 1));

/** One job of BodyWork, as posted to a worker. */
export type BodyJob =
  | { kind: "derive"; state: Uint8Array; options?: BodyHtmlOptions }
  | { kind: "convert"; file: ConvertibleFile }
  | { kind: "build"; delta: unknown; options?: BodyHtmlOptions };

/** A worker's answer to job `id`: its result, or the error's message. */
export interface BodyJobReply {
  id: number;
  result?: unknown;
  error?: string;
  /** The error was an UnreadableFileError (its message is for the person importing). */
  isUnreadable?: boolean;
  /** …for a file past a limit (UnreadableFileError.overLimit). */
  isOverLimit?: boolean;
}

interface Job {
  job: BodyJob;
  transfer: ArrayBuffer[];
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  /** The one job this worker is doing, if any, and its deadline. */
  running?: { id: number; job: Job; deadline: NodeJS.Timeout };
  idleTimer?: NodeJS.Timeout;
}

export interface BodyWorkersOptions {
  /** The worker thread's entry (tests pass a stand-in that speaks the same messages). */
  entry?: URL;
  /** How long a conversion may run (CONVERT_TIMEOUT_MS). */
  convertTimeoutMs?: number;
  /** How long a derive or a build may run before it runs again with text-only HTML (BODY_JOB_TIMEOUT_MS). */
  jobTimeoutMs?: number;
}

/** A derive or build stopped at BODY_JOB_TIMEOUT_MS: derive() and build() run it again with text-only HTML. */
class BodyJobTimeout extends Error {}

/**
 * BodyWork on worker threads, so rendering or converting a large document (about 1 s per
 * 10,000 words, mostly Quill under jsdom; a .docx's inflating) never stalls the event loop that
 * serves requests and relays every keystroke. One worker per spare core (at least one, at most
 * four; BODY_WORKERS), each started on demand and stopped when idle. Only server.ts's own module
 * graph may construct it: Next can't bundle the worker's entry file.
 *
 * Each worker does one job at a time; the others wait here, in order, for the first free worker
 * (stores and builds never wait behind conversions: dispatch()).
 * So when a worker dies (out of memory past BODY_WORKER_MAX_HEAP_MB, or a crash), the job it was
 * doing is the one that killed it and the only one that fails: nothing else was sent to it, and
 * what waits goes to the other workers or a fresh one. A job's work is nearly all synchronous, so
 * a worker never had two jobs truly running at once anyway.
 */
export class BodyWorkers implements BodyWork {
  private readonly workers: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 0;

  constructor(
    readonly size = DEFAULT_BODY_WORKERS,
    private readonly idleMs = IDLE_MS,
    /** Each worker's old-generation limit (BODY_WORKER_MAX_HEAP_MB): unset, V8's default, which let a busy worker pass 1.5 GB before collecting. */
    private readonly maxHeapMb?: number,
    private readonly options: BodyWorkersOptions = {},
  ) {}

  derive(state: Uint8Array, options?: BodyHtmlOptions): Promise<DerivedDocument> {
    // The worker gets its own copy, moved rather than cloned: transferring the caller's buffer
    // would detach it, and Node silently drops a later message that transfers a detached buffer,
    // so a second derive of the same bytes would wait forever. Copying even a large state is
    // microseconds beside the render.
    return this.postOrTextOnly(options, (html) => {
      const copy = state.slice();
      return { job: { kind: "derive", state: copy, options: html }, transfer: [copy.buffer] };
    }) as Promise<DerivedDocument>; // the worker answers a derive job with a DerivedDocument
  }

  convert(file: ConvertibleFile): Promise<BodyDelta> {
    return this.post({ kind: "convert", file }) as Promise<BodyDelta>; // answered with the converted delta
  }

  build(delta: unknown, options?: BodyHtmlOptions): Promise<StateFromDelta> {
    return this.postOrTextOnly(options, (html) => ({ job: { kind: "build", delta, options: html }, transfer: [] })) as Promise<StateFromDelta>; // answered with stateFromDelta's result
  }

  /** How many worker threads are alive (started and not yet retired or dead). */
  liveWorkers(): number {
    return this.workers.length;
  }

  /** Stops every worker; jobs running or waiting fail. */
  async close(): Promise<void> {
    const closed = new Error("The body workers were stopped.");
    for (const job of this.queue.splice(0)) job.reject(closed);
    const slots = this.workers.splice(0);
    for (const slot of slots) {
      clearTimeout(slot.idleTimer);
      clearTimeout(slot.running?.deadline);
      slot.running?.job.reject(closed);
      slot.running = undefined;
    }
    await Promise.all(slots.map(({ worker }) => worker.terminate()));
  }

  private post(job: BodyJob, transfer: ArrayBuffer[] = [], { first = false } = {}): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const waiting = { job, transfer, resolve, reject };
      if (first) this.queue.unshift(waiting);
      else this.queue.push(waiting);
      this.dispatch();
    });
  }

  /**
   * Runs a derive or build; one stopped at its deadline runs again at once, ahead of the queue
   * (it had waited its turn), with the body's text as its HTML, so a store still stores the
   * whole body and a create still creates it. Only that second run can fail on time.
   */
  private async postOrTextOnly(options: BodyHtmlOptions = {}, make: (html: BodyHtmlOptions) => { job: BodyJob; transfer: ArrayBuffer[] }): Promise<unknown> {
    const { job, transfer } = make(options);
    try {
      return await this.post(job, transfer);
    } catch (error) {
      if (!(error instanceof BodyJobTimeout) || options.textOnlyHtml) throw error;
      const again = make({ textOnlyHtml: true });
      return await this.post(again.job, again.transfer, { first: true });
    }
  }

  /**
   * Hands waiting jobs, in order, to free workers, starting workers up to `size`. Conversions
   * (imports, creates from a file: up to CONVERT_TIMEOUT_MS each) take at most `size` workers at
   * once, and while they take all of them, one more worker is started for the other jobs: storing
   * an open document and building a body never wait behind a conversion. On a 2-core machine
   * (`size` 1) a 20 s import otherwise held every collaboration store queued behind it.
   */
  private dispatch(): void {
    for (let index = 0; index < this.queue.length; ) {
      const job = this.queue[index] as Job; // within the queue's length
      const slot = this.slotFor(job.job);
      if (!slot) {
        index++;
        continue;
      }
      this.queue.splice(index, 1);
      this.start(slot, job);
    }
  }

  /** A free worker for `job`, or a new one if the limits allow it. */
  private slotFor(job: BodyJob): Slot | undefined {
    const converting = this.workers.filter((slot) => slot.running?.job.job.kind === "convert").length;
    if (job.kind === "convert" && converting >= this.size) return undefined;
    const free = this.workers.find((slot) => !slot.running);
    if (free) return free;
    const limit = job.kind !== "convert" && converting >= this.size ? this.size + 1 : this.size;
    return this.workers.length < limit ? this.spawn() : undefined;
  }

  private start(slot: Slot, job: Job): void {
    clearTimeout(slot.idleTimer);
    const id = this.nextId++;
    try {
      slot.worker.postMessage({ id, job: job.job }, job.transfer);
    } catch (error) {
      // Nothing was sent (structured clone refused the job: DataCloneError, or a RangeError for a
      // value nested past its stack): this job fails, and the worker is as free as before.
      job.reject(error instanceof Error ? error : new Error(String(error)));
      this.idleLater(slot);
      return;
    }
    // Every job has a deadline: a worker does one job at a time, so one that never ends would
    // hold the worker, and every job waiting for it, for good.
    const timeoutMs = job.job.kind === "convert" ? (this.options.convertTimeoutMs ?? CONVERT_TIMEOUT_MS) : (this.options.jobTimeoutMs ?? BODY_JOB_TIMEOUT_MS);
    const deadline = setTimeout(() => this.stop(slot, id, timeoutMs), timeoutMs);
    deadline.unref();
    slot.running = { id, job, deadline };
  }

  /**
   * A job past its deadline: its worker, busy with it until it ends, is stopped, and the next job
   * gets a fresh one. A conversion fails as a file past the limits; a derive or build runs again
   * with text-only HTML (postOrTextOnly).
   */
  private stop(slot: Slot, id: number, timeoutMs: number): void {
    const running = slot.running;
    if (!running || running.id !== id) return;
    slot.running = undefined;
    const index = this.workers.indexOf(slot);
    if (index >= 0) this.workers.splice(index, 1);
    const { job } = running.job;
    if (job.kind === "convert") {
      console.error(`[body-workers] a conversion ran past ${timeoutMs / 1000} s; it fails and its worker is stopped`);
      running.job.reject(overLimitError(`It could not be imported: converting it took longer than the ${timeoutMs / 1000} s a conversion may take.`));
    } else {
      const next = job.options?.textOnlyHtml ? "it fails" : "it runs again with the body's text as its HTML";
      console.error(`[body-workers] a ${job.kind} job ran past ${timeoutMs / 1000} s; its worker is stopped and ${next}`);
      running.job.reject(new BodyJobTimeout(`A ${job.kind} job ran past ${timeoutMs / 1000} s.`));
    }
    void slot.worker.terminate();
    this.dispatch();
  }

  private spawn(): Slot {
    const worker = new Worker(this.options.entry ?? new URL("./body-worker-entry.mjs", import.meta.url), this.maxHeapMb ? { resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb } } : {});
    worker.unref();
    const slot: Slot = { worker };
    worker.on("message", (reply: BodyJobReply) => {
      const running = slot.running;
      if (!running || running.id !== reply.id) return;
      slot.running = undefined;
      clearTimeout(running.deadline);
      if (reply.error === undefined) running.job.resolve(reply.result);
      else running.job.reject(reply.isUnreadable ? new UnreadableFileError(reply.error, { overLimit: reply.isOverLimit }) : new Error(reply.error));
      this.dispatch();
      this.idleLater(slot);
    });
    worker.on("error", (error) => this.fail(slot, error));
    worker.on("exit", (code) => this.fail(slot, new Error(`body worker exited with code ${code}`)));
    this.workers.push(slot);
    return slot;
  }

  /** Retires `slot` after idleMs unless it gets a job meanwhile. */
  private idleLater(slot: Slot): void {
    if (slot.running || !this.workers.includes(slot)) return;
    clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => this.retire(slot), this.idleMs);
    slot.idleTimer.unref();
  }

  private retire(slot: Slot): void {
    if (slot.running) return;
    const index = this.workers.indexOf(slot);
    if (index >= 0) this.workers.splice(index, 1);
    void slot.worker.terminate();
  }

  /** A worker that died fails the job it was doing (the one that killed it); the waiting jobs go to the others or a fresh one. */
  private fail(slot: Slot, error: Error): void {
    const index = this.workers.indexOf(slot);
    if (index >= 0) this.workers.splice(index, 1);
    clearTimeout(slot.idleTimer);
    const running = slot.running;
    slot.running = undefined;
    if (running) {
      clearTimeout(running.deadline);
      console.error(`[body-workers] a worker died during a ${running.job.job.kind} job, which fails; the others go on:`, error.message);
      running.job.reject(failureOf(running.job.job, error));
    }
    this.dispatch();
  }
}

/**
 * What the job that killed its worker fails with. A conversion that ran the worker out of memory
 * is a file past the conversion's limits (docs/product.md "Limits"): the import lists it, the API
 * answers 413. Anything else is the server's fault, and stays an Error.
 */
function failureOf(job: BodyJob, error: Error): Error {
  const outOfMemory = (error as NodeJS.ErrnoException).code === "ERR_WORKER_OUT_OF_MEMORY";
  if (job.kind === "convert" && outOfMemory) return overLimitError("It could not be imported: converting it needed more memory than a conversion may use.");
  return error;
}
