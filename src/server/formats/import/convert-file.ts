import type { BodyDelta } from "@/server/body/sanitize-delta";
import { docxToDelta } from "./docx-to-delta";
import { htmlToDelta } from "./html-to-delta";
import { markdownToDelta } from "./markdown-to-delta";
import { UnreadableFileError, isUnreadableFileError } from "./unreadable-file-error";
import { tooLargeTable } from "./conversion-limits";
import { tableLimitProblem } from "@/server/body/table-limits";

/** A document file to convert: Markdown or HTML as UTF-8 bytes, or a .docx. */
export interface ConvertibleFile {
  kind: "markdown" | "html" | "docx";
  bytes: Uint8Array;
}

const READ_AS: Record<ConvertibleFile["kind"], string> = { markdown: "Markdown", html: "HTML", docx: "a Word document" };

/**
 * The body delta of one document file, by its kind (unsanitised: createDocument sanitises).
 * Runs wherever the caller runs it; the server runs it on its body worker threads (body-work.ts).
 * @throws UnreadableFileError, saying why in a sentence
 */
export async function convertFile(file: ConvertibleFile): Promise<BodyDelta> {
  let delta: BodyDelta;
  try {
    if (file.kind === "docx") delta = await docxToDelta(file.bytes);
    else {
      const text = new TextDecoder("utf-8").decode(file.bytes);
      delta = file.kind === "markdown" ? await markdownToDelta(text) : await htmlToDelta(text);
    }
  } catch (error) {
    if (isUnreadableFileError(error)) throw error;
    console.warn(`[import] a ${file.kind} file could not be converted:`, error instanceof Error ? error.message : error);
    throw new UnreadableFileError(`It could not be read as ${READ_AS[file.kind]}.`);
  }
  // docs/product.md "Validation": a table past the limits is refused, saying which.
  const tableProblem = tableLimitProblem(delta);
  if (tableProblem) throw tooLargeTable(tableProblem);
  return delta;
}
