import { z } from "zod";
import { CreateWorkspaceSchema } from "@/shared/schemas/workspace";
import { AppError, fieldErrorsFrom, validationError } from "@/server/errors";
import { readBodyAtMost } from "./read-body";
import type { ImportTarget } from "@/server/services/workspaces/import-workspace";
import { ARCHIVE_FORM_MARGIN_BYTES, MAX_ARCHIVE_BYTES } from "@/server/formats/archive/workspace-archive";

export const ARCHIVE_TOO_LARGE = "A workspace archive can be at most 50 MB.";

/** What `POST /api/v1/workspaces/import` receives. */
export interface ImportForm {
  target: ImportTarget;
  bytes: Uint8Array;
}

/**
 * Reads the import form (multipart: `file`, and `name` + `slug` for a new workspace or
 * `workspace` (id or slug) for an empty existing one), refusing a body over 50 MB before it is
 * all in memory.
 * @throws AppError unsupported_media_type | too_large | bad_request | validation_failed (fields named)
 */
export async function readImportForm(request: Request): Promise<ImportForm> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new AppError("unsupported_media_type", "Send the archive as multipart/form-data with the field file.");
  }
  const body = await readBodyAtMost(request, MAX_ARCHIVE_BYTES + ARCHIVE_FORM_MARGIN_BYTES, ARCHIVE_TOO_LARGE);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new AppError("bad_request", "The form could not be read: a malformed multipart body.");
  }
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) throw validationError({ file: "Choose a workspace archive (.zip) to import." });
  if (file.size > MAX_ARCHIVE_BYTES) throw new AppError("too_large", ARCHIVE_TOO_LARGE);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const into = form.get("workspace");
  if (typeof into === "string" && into !== "") {
    return { target: { into: z.uuid().safeParse(into).success ? { id: into } : { slug: into } }, bytes };
  }
  const parsed = CreateWorkspaceSchema.safeParse({ name: stringField(form, "name"), slug: stringField(form, "slug") });
  if (!parsed.success) throw validationError(fieldErrorsFrom(parsed.error));
  return { target: { create: parsed.data }, bytes };
}

function stringField(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
