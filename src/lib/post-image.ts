import { apiErrorMessage, postFormWithProgress } from "./post-form-with-progress";

export interface UploadedImage {
  id: string;
  url: string;
}

/** Uploads one image to POST /api/v1/files, reporting progress (0–1). @throws Error with the server's message */
export async function postImage(file: File, documentId: string, onProgress: (fraction: number) => void): Promise<UploadedImage> {
  const form = new FormData();
  form.append("documentId", documentId);
  form.append("file", file);
  const answer = await postFormWithProgress("/api/v1/files", form, (progress) => {
    if (progress.phase === "uploading" && progress.total > 0) onProgress(progress.loaded / progress.total);
  });
  if (answer.kind === "unreachable") throw new Error("The upload failed: Quire could not be reached.");
  if (answer.status === 201) return answer.body as UploadedImage; // the documented 201 body
  throw new Error(apiErrorMessage(answer.body) ?? `The upload failed (${answer.status}).`);
}
