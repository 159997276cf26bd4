import type { ApiErrorBody, ErrorCode } from "@/shared/api-error";

/** A download the server refused, with its API error code and message. */
export class DownloadError extends Error {
  constructor(
    readonly code: ErrorCode | "network",
    message: string,
  ) {
    super(message);
    this.name = "DownloadError";
  }
}

/**
 * Fetches `url` and saves the answer under the name its Content-Disposition gives, for
 * downloads slow enough to need a busy state (PDF, zips). An error answer becomes a
 * DownloadError carrying the API's message instead of a saved JSON file.
 * @throws DownloadError
 */
export async function downloadFile(url: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: "same-origin" });
  } catch {
    throw new DownloadError("network", "The server could not be reached. Check your connection and try again.");
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ApiErrorBody | null; // our API's error shape, or null
    throw new DownloadError(body?.error.code ?? "internal", body?.error.message ?? `The download failed (${response.status}).`);
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = fileName(response.headers.get("Content-Disposition")) ?? "download";
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the browser's download; revoke on the next tick.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

function fileName(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? null;
}
