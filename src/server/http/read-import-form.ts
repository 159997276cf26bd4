import { MAX_IMPORT_BYTES } from "@/shared/editor-rules";
import type { ImportFields } from "@/shared/schemas/import";
import { ImportFieldsSchema } from "@/shared/schemas/import";
import { AppError, fieldErrorsFrom, validationError } from "@/server/errors";
import { readBodyAtMost } from "./read-body";

/** What an import request over the limit is told. */
export const IMPORT_TOO_LARGE_MESSAGE = "One import can send at most 50 MB: send fewer files at a time.";

/** The parts of `POST /api/v1/import`: the files and the text fields. */
export interface ImportForm extends ImportFields {
  files: { name: string; bytes: Uint8Array }[];
}

/**
 * Reads a `multipart/form-data` import (`file` repeated, `parentId?`, `workspace?`), refusing a
 * body over 50 MB before it is all in memory (readBodyAtMost).
 * @throws AppError unsupported_media_type | too_large | bad_request (malformed, or no file) | validation_failed
 */
export async function readImportForm(request: Request): Promise<ImportForm> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new AppError("unsupported_media_type", "Send the files as multipart/form-data, each in a field named file.");
  }
  const body = await readBodyAtMost(request, MAX_IMPORT_BYTES, IMPORT_TOO_LARGE_MESSAGE);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch (error) {
    throw new AppError("bad_request", `The import could not be read: ${error instanceof Error ? error.message : "malformed multipart body"}.`);
  }
  const uploads = form.getAll("file").filter((value): value is File => value instanceof File);
  if (uploads.length === 0) throw new AppError("bad_request", "Send at least one file to import, in a field named file.");
  const parsed = ImportFieldsSchema.safeParse({
    workspace: textField(form, "workspace"),
    parentId: textField(form, "parentId"),
  });
  if (!parsed.success) throw validationError(fieldErrorsFrom(parsed.error));
  const files = await Promise.all(uploads.map(async (file) => ({ name: file.name || "untitled", bytes: new Uint8Array(await file.arrayBuffer()) })));
  return { ...parsed.data, files };
}

// Empty and missing fields are the same: a form sends "" for a field left blank.
function textField(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" && value !== "" ? value : undefined;
}
