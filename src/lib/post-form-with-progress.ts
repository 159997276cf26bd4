/** How far a form post has got: bytes sent of the total, then "processing" once the server has it all. */
export type FormPostProgress = { phase: "uploading"; loaded: number; total: number } | { phase: "processing" };

/** The server's answer (its JSON body, null when it sent none) or, when it could not be reached, "unreachable". */
export type FormPostResult = { kind: "answered"; status: number; body: unknown } | { kind: "unreachable" };

/**
 * POSTs a multipart form and reports upload progress: the one XMLHttpRequest in the app, since
 * fetch reports no upload progress. Never rejects; the caller reads the answer. `total` stands in
 * for the body's size when the browser cannot compute it.
 */
export function postFormWithProgress(url: string, form: FormData, onProgress: (progress: FormPostProgress) => void, total = 0): Promise<FormPostResult> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.responseType = "json";
    request.upload.onprogress = (event) => onProgress({ phase: "uploading", loaded: event.loaded, total: event.lengthComputable ? event.total : total });
    request.upload.onload = () => onProgress({ phase: "processing" });
    request.onload = () => resolve({ kind: "answered", status: request.status, body: request.response as unknown });
    request.onerror = () => resolve({ kind: "unreachable" });
    request.send(form);
  });
}

/** The message of the API's error shape (docs/api.md "Conventions"), or null for any other body. */
export function apiErrorMessage(body: unknown): string | null {
  if (typeof body !== "object" || body === null || !("error" in body)) return null;
  const { error } = body as { error: { message?: unknown } }; // checked: the API's error shape
  return typeof error === "object" && error !== null && typeof error.message === "string" ? error.message : null;
}

/** The field errors of the API's error shape (`error.fields`), empty for any other body. */
export function apiErrorFields(body: unknown): Record<string, string> {
  if (typeof body !== "object" || body === null || !("error" in body)) return {};
  const { error } = body as { error: { fields?: unknown } }; // checked: the API's error shape
  if (typeof error !== "object" || error === null || typeof error.fields !== "object" || error.fields === null) return {};
  return Object.fromEntries(Object.entries(error.fields).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}
