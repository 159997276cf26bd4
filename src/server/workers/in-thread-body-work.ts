import type { BodyWork } from "./body-work-contract";
import { convertFile } from "@/server/formats/import/convert-file";
import { deriveDocument } from "@/server/body/derive-document";
import { stateFromDelta } from "@/server/body/state-from-delta";

/**
 * Body work on the calling thread: what each body worker thread runs, and what unit tests and
 * scripts without workers fall back to. Its converters (Markdown, HTML, .docx, zip) are loaded
 * only where it is imported, never by the server's main thread, which hands the work to threads.
 */
export const IN_THREAD_BODY_WORK: BodyWork = {
  derive: (state, options) => deriveDocument(state, options),
  convert: (file) => convertFile(file),
  build: (delta, options) => stateFromDelta(delta, options),
};
