import * as Y from "yjs";
import { UpdateReader } from "./update-reader";

/**
 * An upper bound on the bytes of content a document holds (its text in UTF-8, and its embeds' and
 * format marks' values as JSON: what a store writes, three times over, as state, delta and HTML),
 * kept without measuring at every update, as `ItemBound` keeps its items. Measured when first
 * asked, then raised by each change's length in bytes: an update carries every byte of content it
 * adds literally (Yjs writes strings in UTF-8 and values as JSON), so no change adds more content
 * than it has bytes; measured again only when an update would not fit under it, and then that
 * update's own content is read.
 */
export class ByteBound {
  private bound: number | null = null;

  constructor(
    private readonly document: Y.Doc,
    readonly limit: number,
  ) {}

  /** Whether the document has room for what `update` (Yjs v1) adds. */
  hasRoomFor(update: Uint8Array): boolean {
    this.bound ??= contentBytes(this.document);
    if (this.bound + update.length <= this.limit) return true;
    this.bound = contentBytes(this.document);
    if (this.bound + update.length <= this.limit) return true;
    return this.bound + updateContentBytes(update) <= this.limit;
  }

  /** Takes in a change the document emitted. */
  grew(update: Uint8Array): void {
    if (this.bound !== null) this.bound += update.length;
  }
}

/** The bytes of content `doc` holds: text in UTF-8, embeds and format values as JSON. */
export function contentBytes(doc: Y.Doc): number {
  let bytes = 0;
  for (const structs of doc.store.clients.values()) {
    for (const struct of structs) {
      if (!(struct instanceof Y.Item)) continue;
      const content = struct.content;
      if (content instanceof Y.ContentString) bytes += Buffer.byteLength(content.str);
      else if (content instanceof Y.ContentEmbed) bytes += jsonBytes(content.embed);
      else if (content instanceof Y.ContentFormat) bytes += Buffer.byteLength(content.key) + jsonBytes(content.value);
    }
  }
  return bytes;
}

/**
 * The bytes of content `update` (Yjs v1) carries, measured as `contentBytes` measures a document.
 * @throws Error when the bytes are not a v1 update
 */
export function updateContentBytes(update: Uint8Array): number {
  let bytes = 0;
  for (const struct of new UpdateReader(update).structs()) {
    const content = struct.content;
    if (content.kind === "string") bytes += Buffer.byteLength(content.str);
    else if (content.kind === "embed") bytes += jsonBytes(content.embed);
    else if (content.kind === "format") bytes += Buffer.byteLength(content.key) + jsonBytes(content.value);
  }
  return bytes;
}

/**
 * The largest single value in `update` (Yjs v1): an embed's (an image and its address) or a
 * format mark's, as JSON bytes. Text is not counted: it is bounded by the body's length.
 * @throws Error when the bytes are not a v1 update
 */
export function largestValueBytes(update: Uint8Array): number {
  let largest = 0;
  for (const struct of new UpdateReader(update).structs()) {
    const content = struct.content;
    if (content.kind === "embed") largest = Math.max(largest, jsonBytes(content.embed));
    else if (content.kind === "format") largest = Math.max(largest, jsonBytes(content.value));
  }
  return largest;
}

function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? "");
}
