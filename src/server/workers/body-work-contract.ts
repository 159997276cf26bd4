import type { ConvertibleFile } from "@/server/formats/import/convert-file";
import type { DerivedDocument } from "@/server/body/derive-document";
import type { BodyDelta } from "@/server/body/sanitize-delta";
import type { StateFromDelta } from "@/server/body/state-from-delta";

/**
 * The CPU-heavy work on document bodies, each step taking up to seconds for a large document
 * (Quill under jsdom): deriving the stored columns from a Yjs state, converting an imported
 * file to a delta, and building a new document's state from a delta. The server runs it on
 * worker threads (BodyWorkers), so it never holds up the event loop that serves requests and
 * relays keystrokes; elsewhere (unit tests, scripts) it runs on the calling thread
 * (IN_THREAD_BODY_WORK). The process's own is bodyWork() (body-work.ts).
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
