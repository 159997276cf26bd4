import type { ImportSummary } from "@/shared/schemas/import";
import { ImportSummarySchema } from "@/shared/schemas/import";
import type { FormPostProgress } from "./post-form-with-progress";
import { apiErrorMessage, postFormWithProgress } from "./post-form-with-progress";

/** Where an import goes: the workspace (slug) and, optionally, the document to import under. */
export interface ImportTarget {
  workspace: string;
  parentId: string | null;
}

/**
 * Sends one file to `POST /api/v1/import` and resolves with the summary; a refused request
 * resolves with the file listed as skipped and the server's message as the reason, so one bad
 * file never stops the others.
 */
export async function postImport(file: File, target: ImportTarget, onProgress: (progress: FormPostProgress) => void): Promise<ImportSummary> {
  const form = new FormData();
  form.set("workspace", target.workspace);
  if (target.parentId) form.set("parentId", target.parentId);
  form.append("file", file, file.name);
  const skipped = (reason: string): ImportSummary => ({ imported: [], skipped: [{ name: file.name, reason }] });
  const answer = await postFormWithProgress("/api/v1/import", form, onProgress, file.size);
  if (answer.kind === "unreachable") return skipped("The upload failed: check the connection and try again.");
  const parsed = ImportSummarySchema.safeParse(answer.body);
  if (answer.status === 201 && parsed.success) return parsed.data;
  return skipped(apiErrorMessage(answer.body) ?? `The server answered ${answer.status}. Try again.`);
}
