import { fileIdFromUrl, fileUrl } from "@/server/storage/file-urls";

/**
 * A copy of a delta's ops whose image embeds pointing at an uploaded file of the archive
 * (`/api/v1/files/<id>`, relative or on any host) point at that file's new id instead. Other
 * images (web addresses, data: URIs, files the archive does not hold) are left as they are.
 */
export function remapImageUrls(ops: readonly unknown[], newFileIds: ReadonlyMap<string, string>): unknown[] {
  return ops.map((op) => {
    if (!isRecord(op) || !isRecord(op.insert) || typeof op.insert.image !== "string") return op;
    const oldId = fileIdFromUrl(op.insert.image);
    const newId = oldId ? newFileIds.get(oldId) : undefined;
    return newId ? { ...op, insert: { ...op.insert, image: fileUrl(newId) } } : op;
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
