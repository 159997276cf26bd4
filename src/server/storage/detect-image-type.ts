import { fileTypeFromBuffer } from "file-type";
import type { AcceptedImageType } from "@/shared/editor-rules";
import { IMAGE_ACCEPT } from "@/shared/editor-rules";

// file-type's names for formats the picker lists under another name: an animated PNG is
// still a PNG to browsers, and ICO has two registered types.
const ALIASES: Record<string, AcceptedImageType> = {
  "image/apng": "image/png",
  "image/vnd.microsoft.icon": "image/x-icon",
};

/**
 * The accepted image type of `bytes`, judged by their content (magic numbers), never by
 * a name or a client-sent type; null for anything outside IMAGE_ACCEPT. SVG is text, so
 * file-type never reports it and it is refused along with renamed text files.
 */
export async function detectImageType(bytes: Uint8Array): Promise<AcceptedImageType | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected) return null;
  const mime = ALIASES[detected.mime] ?? detected.mime;
  return isAccepted(mime) ? mime : null;
}

function isAccepted(mime: string): mime is AcceptedImageType {
  return (IMAGE_ACCEPT as readonly string[]).includes(mime);
}
