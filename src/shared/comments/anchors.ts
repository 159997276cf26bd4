import * as Y from "yjs";

/** A thread's anchor as stored: both ends encoded (Y.encodeRelativePosition, base64). */
export interface EncodedAnchor {
  start: string;
  end: string;
}

/** Where an anchor's text is now, in the body's index space (Quill's and the Y.Text's are the same). */
export interface AnchorRange {
  index: number;
  length: number;
}

/**
 * Anchors the range [index, index + length) of the body to its characters rather than its offsets:
 * the start sticks to the first character (text typed before it pushes it on), the end to the
 * last (assoc -1, so typing just after the range doesn't widen it). Concurrent edits, anywhere,
 * move both ends with their characters.
 */
export function encodeAnchor(body: Y.Text, range: AnchorRange): EncodedAnchor {
  const encode = (index: number, assoc: number) => toBase64(Y.encodeRelativePosition(Y.createRelativePositionFromTypeIndex(body, index, assoc)));
  return { start: encode(range.index, 0), end: encode(range.index + range.length, -1) };
}

/** Where the anchored text is now, or null when it is gone (every character of it deleted) or unreadable. */
export function resolveAnchor(doc: Y.Doc, body: Y.Text, anchor: EncodedAnchor): AnchorRange | null {
  try {
    const start = Y.createAbsolutePositionFromRelativePosition(Y.decodeRelativePosition(fromBase64(anchor.start)), doc);
    const end = Y.createAbsolutePositionFromRelativePosition(Y.decodeRelativePosition(fromBase64(anchor.end)), doc);
    if (!start || !end || start.type !== body || end.type !== body || end.index <= start.index) return null;
    return { index: start.index, length: end.index - start.index };
  } catch {
    return null;
  }
}

/**
 * Where an anchor's text stood once all of it is deleted: both ends then resolve to one index,
 * the place of the deleted characters among the live ones. Null when the text is still there,
 * or the anchor is unreadable.
 */
export function deletedTextPlace(doc: Y.Doc, body: Y.Text, anchor: EncodedAnchor): number | null {
  try {
    const start = Y.createAbsolutePositionFromRelativePosition(Y.decodeRelativePosition(fromBase64(anchor.start)), doc);
    const end = Y.createAbsolutePositionFromRelativePosition(Y.decodeRelativePosition(fromBase64(anchor.end)), doc);
    if (!start || !end || start.type !== body || end.type !== body || end.index > start.index) return null;
    return start.index;
  } catch {
    return null;
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}
