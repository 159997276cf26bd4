import type { BodyDelta, BodyOp } from "@/server/body/sanitize-delta";
import type { ImportSource } from "./plan-import";

/** What happens to one image of an imported document. */
export type ImageFate =
  | { action: "keep" }
  | { action: "upload"; name: string; bytes: Uint8Array }
  | { action: "drop"; label: string; reason: string };

/** The imported body's image embeds, by op index, each with its fate. */
export type ImagePlan = Map<number, ImageFate>;

/**
 * Decides, for each image of an imported body, whether it stays as it is (a remote http(s)
 * address: never fetched; a relative address that names no file of the same zip, which the
 * editor holds as creating a document with it does), becomes an upload of the new document (a
 * data: URI, or a relative path to a file in the same zip) or is dropped with a reason (any
 * other scheme, which the editor's image rule blanks).
 */
export function planImages(delta: BodyDelta, source: ImportSource, resources: ReadonlyMap<string, Uint8Array>): ImagePlan {
  const plan: ImagePlan = new Map();
  let embedded = 0;
  delta.ops.forEach((op, index) => {
    const src = imageSource(op);
    if (src === null) return;
    const trimmed = src.trim();
    if (/^data:/i.test(trimmed)) {
      embedded += 1;
      const bytes = decodeDataUri(trimmed);
      plan.set(index, bytes ? { action: "upload", name: `image-${embedded}`, bytes } : { action: "drop", label: `embedded image ${embedded}`, reason: "Its data could not be read." });
    } else if (/^(?:https?:)?\/\//i.test(trimmed)) {
      plan.set(index, { action: "keep" });
    } else if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed === "") {
      // Quill's image format blanks what the image rule refuses (an SVG or WebP data: URI, javascript:…).
      plan.set(index, { action: "drop", label: trimmed.slice(0, 80) || "an image the editor can't show", reason: "Images can be http(s) addresses, PNG, GIF, JPEG, BMP or ICO data, or files in the zip." });
    } else {
      plan.set(index, fromZip(trimmed, source, resources));
    }
  });
  return plan;
}

/** The body with every image planned "keep" left as it is, uploads replaced by `urls[index]`, the rest removed. */
export function applyImagePlan(delta: BodyDelta, plan: ImagePlan, urls: ReadonlyMap<number, string> = new Map()): BodyDelta {
  const ops: BodyOp[] = [];
  delta.ops.forEach((op, index) => {
    const fate = plan.get(index);
    if (!fate || fate.action === "keep") ops.push(op);
    else if (fate.action === "upload" && urls.has(index)) ops.push({ ...op, insert: { image: urls.get(index) ?? "" } });
  });
  return { ops };
}

function fromZip(src: string, source: ImportSource, resources: ReadonlyMap<string, Uint8Array>): ImageFate {
  if (source.zip === null) return { action: "keep" };
  const path = resolvePath(source.folder, src);
  const bytes = path === null ? undefined : lookUp(resources, `${source.zip}/${path}`);
  if (!path || !bytes) return { action: "keep" };
  return { action: "upload", name: path.split("/").pop() ?? path, bytes };
}

// "../images/a%20b.png?x#y" from "guides/setup" → "images/a b.png"; null when it climbs out of the zip.
function resolvePath(folder: string, src: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(src.split(/[?#]/)[0] ?? "");
  } catch {
    decoded = src;
  }
  const segments = decoded.startsWith("/") ? [] : folder.split("/").filter(Boolean);
  for (const segment of decoded.replace(/\\/g, "/").split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (segments.length === 0) return null;
      segments.pop();
    } else {
      segments.push(segment);
    }
  }
  return segments.join("/");
}

function lookUp(resources: ReadonlyMap<string, Uint8Array>, key: string): Uint8Array | undefined {
  const exact = resources.get(key);
  if (exact) return exact;
  const lower = key.toLowerCase();
  for (const [name, bytes] of resources) if (name.toLowerCase() === lower) return bytes;
  return undefined;
}

function imageSource(op: BodyOp): string | null {
  if (typeof op.insert !== "object" || !("image" in op.insert)) return null;
  const value = op.insert.image;
  return typeof value === "string" ? value : "";
}

function decodeDataUri(uri: string): Uint8Array | null {
  const match = /^data:[^,]*?(;base64)?,(.*)$/is.exec(uri);
  if (!match) return null;
  const payload = match[2] ?? "";
  try {
    return match[1] ? new Uint8Array(Buffer.from(payload.replace(/\s+/g, ""), "base64")) : new TextEncoder().encode(decodeURIComponent(payload));
  } catch {
    return null;
  }
}
