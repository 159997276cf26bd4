import type Quill from "quill";
import type { Delta as DeltaType } from "quill";
import { MAX_CHANGE_BYTES, MAX_VALUE_BYTES } from "@/shared/editor-rules";
import { createEditorNotice } from "./editor-notice";

type Op = DeltaType["ops"][number];
type Range = { index: number; length: number };

/** Said when the editor refuses a change no socket frame (or the server's value limit) would take. */
export const CHANGE_TOO_LARGE_MESSAGE = "This change is too large to save in one piece (over 15 MB). It was not added: add it in smaller parts.";
export const VALUE_TOO_LARGE_MESSAGE = "An image in this change is larger than 10 MB, more than a document can hold. It was not added: upload it as a file of at most 10 MB.";

/**
 * Pasted `data:` images go the way of a pasted image file (docs/product.md "Editor rules"):
 * handed to `onImages`, which checks the size against the 10 MB upload limit, uploads them (the
 * server checks the type against the picker's list from the bytes, and the page shows them
 * optimised) and places each where it was pasted, or says why it refused one. The rest of the
 * paste goes in at once. Kept as `data:` embeds, a web page's or an email's images made a change
 * past the socket's frame, which the provider then sent again at every reconnect while nothing
 * typed after it was saved (QA fourth sweep #1). A `data:` image stays allowed in a body (the image
 * rule); it is only no longer how a paste brings one in.
 */
export function uploadPastedDataImages(quill: Quill, Delta: typeof DeltaType, onImages: (files: File[], index: number) => void): void {
  const clipboard = quill.clipboard;
  // Quill's own onPaste (quill/modules/clipboard.js), with the data: images taken out of the delta.
  clipboard.onPaste = (range: Range, { text, html }: { text?: string; html?: string }) => {
    const pasted = clipboard.convert({ text, html }, quill.getFormat(range.index));
    const kept = new Delta();
    const images: { at: number; url: string }[] = [];
    for (const op of pasted.ops) {
      const url = dataImageOf(op);
      if (url === null) kept.push(op);
      else images.push({ at: kept.length(), url });
    }
    const change = new Delta().retain(range.index).delete(range.length).concat(kept);
    quill.updateContents(change, "user");
    quill.setSelection(change.length() - range.length, "silent");
    quill.scrollSelectionIntoView();
    for (const { at, url } of images) {
      const file = fileOfDataUrl(url);
      if (file) onImages([file], range.index + at);
    }
  };
}

/**
 * The editor's own changes (a paste, an inserted template, the API) that no socket frame could
 * carry, or holding a value the server refuses, are refused here, with a notice, before y-quill
 * copies them into the shared document: sent, such a change closed the socket at every reconnect
 * and held every later change hostage. Typing never comes near (it does not pass here).
 */
export function refuseUnsendableChanges(quill: Quill): void {
  const say = createEditorNotice(quill.container, "ql-change-notice");
  const updateContents = quill.updateContents.bind(quill) as (...args: unknown[]) => DeltaType;
  quill.updateContents = ((...args: unknown[]) => {
    const [delta, source] = args;
    // y-quill applies others' changes with itself as the source: those are never refused.
    if ((source === "user" || source === "api" || source === undefined) && isDelta(delta)) {
      const { total, largestValue } = estimateChangeBytes(delta.ops);
      if (largestValue > MAX_VALUE_BYTES || total > MAX_CHANGE_BYTES) {
        say(largestValue > MAX_VALUE_BYTES ? VALUE_TOO_LARGE_MESSAGE : CHANGE_TOO_LARGE_MESSAGE);
        return new (quill.getContents().constructor as new () => DeltaType)();
      }
    }
    return updateContents(...args);
  }) as Quill["updateContents"];
}

/** An upper bound on the bytes a change's Yjs update takes, and its largest value's JSON bytes. */
export function estimateChangeBytes(ops: readonly Op[]): { total: number; largestValue: number } {
  let total = 0;
  let largestValue = 0;
  for (const op of ops) {
    total += OP_MARGIN_BYTES;
    if (typeof op.insert === "string") total += op.insert.length * 3;
    else if (op.insert) {
      const bytes = JSON.stringify(op.insert).length;
      total += bytes;
      largestValue = Math.max(largestValue, bytes);
    }
    if (op.attributes) {
      // A format is written as a mark at each end of its run.
      const bytes = JSON.stringify(op.attributes).length;
      total += 2 * bytes;
      largestValue = Math.max(largestValue, bytes);
    }
  }
  return { total, largestValue };
}

/** The bytes of a `data:` address as a file of its type, or null when it does not decode. */
export function fileOfDataUrl(url: string): File | null {
  const header = /^data:([^;,]*)((?:;[^;,]*)*),/i.exec(url);
  if (!header) return null;
  const type = (header[1] || "application/octet-stream").toLowerCase();
  const payload = url.slice(header[0].length);
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    if (/;base64$/i.test(header[2] ?? "")) {
      const binary = atob(payload.replace(/\s+/g, ""));
      bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    } else {
      bytes = new TextEncoder().encode(decodeURIComponent(payload));
    }
  } catch {
    return null; // not base64, or a broken escape: nothing an image could be read from
  }
  return new File([bytes], `pasted-image.${EXTENSIONS[type] ?? "bin"}`, { type });
}

/** Per op: a Yjs struct's header, client and origins, at most. */
const OP_MARGIN_BYTES = 32;

const EXTENSIONS: Record<string, string> = { "image/png": "png", "image/gif": "gif", "image/jpeg": "jpg", "image/bmp": "bmp", "image/x-icon": "ico" };

function dataImageOf(op: Op): string | null {
  const insert = op.insert;
  if (!insert || typeof insert !== "object" || !("image" in insert)) return null;
  const url = (insert as { image: unknown }).image;
  return typeof url === "string" && /^\s*data:/i.test(url) ? url.trim() : null;
}

function isDelta(value: unknown): value is { ops: Op[] } {
  return typeof value === "object" && value !== null && Array.isArray((value as { ops?: unknown }).ops);
}
