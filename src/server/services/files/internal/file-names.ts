import crypto from "node:crypto";

/** A new file id: 22 url-safe characters (128 bits), unguessable since it appears in documents. */
export function newFileId(): string {
  return crypto.randomBytes(16).toString("base64url");
}

const MAX_NAME_CHARS = 255;

// Only the last path segment, without control characters, so the name is safe in a
// Content-Disposition header and in the UI.
/** A client-given file name made safe to keep (also for names read from an archive). */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, MAX_NAME_CHARS);
  return cleaned || "image";
}
