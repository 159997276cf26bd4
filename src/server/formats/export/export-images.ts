import { fileIdFromUrl } from "@/server/storage/file-urls";

/** An image an export can embed: its bytes and type, and the upload it came from, if any. */
export interface ExportImage {
  mime: string;
  bytes: Uint8Array;
  /** The uploaded file's id (`/api/v1/files/<id>`); undefined for a data: image. */
  fileId?: string;
}

/** Reads an uploaded file the reader may see, or null when they may not (or it is gone). */
export type UploadLoader = (fileId: string) => Promise<Omit<ExportImage, "fileId"> | null>;

/** Image sources (as stored) → what to embed. Sources missing from the map stay links. */
export type ImageMap = ReadonlyMap<string, ExportImage>;

/**
 * Resolves the images of one document for embedding: data: URIs are decoded here, uploads
 * go through `loadUpload` (the caller's access decides), and any other address (remote
 * http images) is left out, so exports show it as a link and the server fetches nothing.
 * Uploads are read one at a time to bound memory.
 */
export async function resolveImages(sources: Iterable<string>, loadUpload: UploadLoader): Promise<Map<string, ExportImage>> {
  const images = new Map<string, ExportImage>();
  for (const src of new Set(sources)) {
    const data = decodeDataUri(src);
    if (data) {
      images.set(src, data);
      continue;
    }
    const fileId = fileIdFromUrl(src);
    if (!fileId) continue;
    const upload = await loadUpload(fileId);
    if (upload) images.set(src, { ...upload, fileId });
  }
  return images;
}

/** The bytes of a base64 `data:image/…` URI, or null for anything else. */
export function decodeDataUri(src: string): ExportImage | null {
  const match = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]*)$/i.exec(src);
  if (!match?.[1] || match[2] === undefined) return null;
  return { mime: match[1].toLowerCase(), bytes: new Uint8Array(Buffer.from(match[2], "base64")) };
}

/** A data: URI for an image, for HTML that must open from disk. */
export function toDataUri(image: ExportImage): string {
  return `data:${image.mime};base64,${Buffer.from(image.bytes).toString("base64")}`;
}

/** The usual file extension for an image type (png, jpg, gif, bmp, ico…). */
export function imageExtension(mime: string): string {
  const subtype = mime.split("/")[1] ?? "bin";
  if (subtype === "jpeg") return "jpg";
  if (subtype === "x-icon" || subtype === "vnd.microsoft.icon") return "ico";
  return subtype.replace(/[^a-z0-9]/g, "") || "bin";
}
