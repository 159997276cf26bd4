/** The stable address of a stored file; the document keeps this, never a signed variant. */
export function fileUrl(fileId: string): string {
  return `/api/v1/files/${fileId}`;
}

/** Pulls the file id out of a stored image URL (`/api/v1/files/<id>`, optionally absolute); null for any other address. */
export function fileIdFromUrl(src: string): string | null {
  const match = /^(?:https?:\/\/[^/]+)?\/api\/v1\/files\/([A-Za-z0-9_-]{16,64})(?:[?#].*)?$/.exec(src);
  return match?.[1] ?? null;
}
