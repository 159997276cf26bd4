import type { ApiErrorBody } from "@/shared/api-error";

export interface UploadedImage {
  id: string;
  url: string;
}

/**
 * Uploads one image to POST /api/v1/files, reporting progress (0–1). XHR rather than
 * fetch: fetch has no upload progress. @throws Error with the server's message
 */
export function uploadImage(file: File, documentId: string, onProgress: (fraction: number) => void): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append("documentId", documentId);
    form.append("file", file);
    const request = new XMLHttpRequest();
    request.open("POST", "/api/v1/files");
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status === 201) return resolve(request.response as UploadedImage); // documented 201 body
      const body = request.response as ApiErrorBody | null;
      reject(new Error(body?.error?.message ?? `The upload failed (${request.status}).`));
    };
    request.onerror = () => reject(new Error("The upload failed: Quire could not be reached."));
    request.send(form);
  });
}
