import type { BodyDelta } from "../../documents/sanitize-delta";
import { docxToDelta } from "../../import/docx-to-delta";
import { htmlToDelta } from "../../import/html-to-delta";
import { markdownToDelta } from "../../import/markdown-to-delta";
import type { ImportSource } from "./plan-import";

const READ_AS: Record<ImportSource["kind"], string> = { markdown: "Markdown", html: "HTML", docx: "a Word document" };

/** Why a file could not be converted; its message is the summary's reason. */
export class UnreadableFileError extends Error {}

/**
 * The body delta of one document file, by its kind (unsanitised; createDocument sanitises).
 * @throws UnreadableFileError
 */
export async function convertSource(source: ImportSource): Promise<BodyDelta> {
  try {
    if (source.kind === "docx") return await docxToDelta(source.bytes);
    const text = new TextDecoder("utf-8").decode(source.bytes);
    return source.kind === "markdown" ? await markdownToDelta(text) : await htmlToDelta(text);
  } catch (error) {
    console.warn(`[import] a ${source.kind} file could not be converted:`, error instanceof Error ? error.message : error);
    throw new UnreadableFileError(`It could not be read as ${READ_AS[source.kind]}.`);
  }
}
