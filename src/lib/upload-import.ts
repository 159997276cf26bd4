import type { ImportSummary } from "@/shared/schemas/import";
import { ImportSummarySchema } from "@/shared/schemas/import";

/** Where an import goes: the workspace (slug) and, optionally, the document to import under. */
export interface ImportTarget {
  workspace: string;
  parentId: string | null;
}

/** How far one upload has got: bytes sent of the total, then "sent" while the server imports. */
export type UploadProgress = { phase: "uploading"; loaded: number; total: number } | { phase: "importing" };

/**
 * Sends one file to `POST /api/v1/import` with XMLHttpRequest (fetch reports no upload
 * progress) and resolves with the summary; a refused request resolves with the file listed as
 * skipped and the server's message as the reason, so one bad file never stops the others.
 */
export function uploadImport(file: File, target: ImportTarget, onProgress: (progress: UploadProgress) => void): Promise<ImportSummary> {
  const form = new FormData();
  form.set("workspace", target.workspace);
  if (target.parentId) form.set("parentId", target.parentId);
  form.append("file", file, file.name);
  return new Promise((resolve) => {
    const skipped = (reason: string): ImportSummary => ({ imported: [], skipped: [{ name: file.name, reason }] });
    const request = new XMLHttpRequest();
    request.open("POST", "/api/v1/import");
    request.responseType = "json";
    request.upload.onprogress = (event) => onProgress({ phase: "uploading", loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    request.upload.onload = () => onProgress({ phase: "importing" });
    request.onload = () => {
      const parsed = ImportSummarySchema.safeParse(request.response);
      if (request.status === 201 && parsed.success) return resolve(parsed.data);
      resolve(skipped(errorMessage(request.response) ?? `The server answered ${request.status}. Try again.`));
    };
    request.onerror = () => resolve(skipped("The upload failed: check the connection and try again."));
    request.send(form);
  });
}

function errorMessage(body: unknown): string | null {
  if (typeof body !== "object" || body === null || !("error" in body)) return null;
  const { error } = body as { error: { message?: unknown } }; // the API's error shape (docs/product.md "Errors")
  return typeof error.message === "string" ? error.message : null;
}
