import type { ConvertibleFile } from "@/server/formats/import/convert-file";
import { peekProcessSingleton, processSingleton } from "@/server/process-singleton";
import type { DerivedDocument } from "@/server/body/derive-document";
import type { BodyDelta } from "@/server/body/sanitize-delta";
import type { StateFromDelta } from "@/server/body/state-from-delta";

/**
 * The CPU-heavy work on document bodies, each step taking up to seconds for a large document
 * (Quill under jsdom): deriving the stored columns from a Yjs state, converting an imported
 * file to a delta, and building a new document's state from a delta. The server runs it on
 * worker threads (BodyWorkers), so it never holds up the event loop that serves requests and
 * relays keystrokes; elsewhere (unit tests, scripts) it runs on the calling thread.
 */
export interface BodyWork {
  /** The stored columns of a Yjs state (the caller's bytes stay untouched). */
  derive(state: Uint8Array, options?: BodyHtmlOptions): Promise<DerivedDocument>;
  /** The unsanitised delta of a file. @throws UnreadableFileError */
  convert(file: ConvertibleFile): Promise<BodyDelta>;
  /** A new document's Yjs state and stored columns from any delta (sanitised on the way). */
  build(delta: unknown, options?: BodyHtmlOptions): Promise<StateFromDelta>;
}

/** How derive and build render the HTML column. */
export interface BodyHtmlOptions {
  /** The body's text as paragraphs, no formats (textOnlyHtml): what a job past its time limit stores. */
  textOnlyHtml?: boolean;
}

const KEY = "body-work";

/**
 * The same work on the calling thread, its module imported on first use: the server's main
 * thread always has workers registered, and importing the converters (mammoth, jszip, marked,
 * parse5, …) there cost every start their loading and the process their memory.
 */
const inThread = () => import("./in-thread-body-work").then((module) => module.IN_THREAD_BODY_WORK);
const IN_THREAD_ON_FIRST_USE: BodyWork = {
  derive: async (state, options) => (await inThread()).derive(state, options),
  convert: async (file) => (await inThread()).convert(file),
  build: async (delta, options) => (await inThread()).build(delta, options),
};

/**
 * Makes `work` the process's body work (server.ts registers its worker threads before it
 * serves anything). A process singleton: Next's route bundles load their own copy of this
 * module, and must find the same workers.
 */
export function registerBodyWork(work: BodyWork): void {
  processSingleton<{ work: BodyWork }>(KEY, () => ({ work })).work = work;
}

/** The process's body work: the registered worker threads, else the calling thread. */
export function bodyWork(): BodyWork {
  return peekProcessSingleton<{ work: BodyWork }>(KEY)?.work ?? IN_THREAD_ON_FIRST_USE;
}
