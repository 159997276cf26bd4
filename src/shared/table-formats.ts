import { TABLE_HEADER_FORMAT } from "./table-rules";

/**
 * Registers the header-row attribute on a Quill (the browser's, or the server host's, which
 * lives in a jsdom realm: so everything comes from that Quill's own `parchment`, nothing is
 * imported here). Quill's table format (formats/table) is registered by Quill itself; listing
 * "table" in the `formats` option brings in its row, body and container blots.
 *
 * The header row is a line attribute, not a blot of its own, because under Yjs a row must keep
 * one identity while people edit it: a header encoded in the row id (or a <th> blot) would, when
 * toggled while someone else adds a cell, leave that new cell with the old id and split the row.
 * An attribute beside the id leaves the row whole; the worst case is one cell not shaded.
 */
export function registerTableFormats(Quill: QuillLike): void {
  const Parchment = Quill.import("parchment") as ParchmentLike;
  const Base = Parchment.Attributor;
  class TableHeaderAttributor extends Base {
    // Any block takes it, not only a <td>: Quill may apply a line's attributes before the one
    // that makes the line a cell, and Parchment carries attributes over when the block is
    // replaced by the cell. On a line that is not a cell it shows nothing, and the server's
    // sanitiser drops it (sanitize-delta.ts).
    override add(node: HTMLElement, value: unknown): boolean {
      if (value !== true && value !== "true") return false;
      node.setAttribute(this.keyName, "true");
      return true;
    }
    override value(node: HTMLElement): true | "" {
      return node.getAttribute(this.keyName) === "true" ? true : "";
    }
  }
  const attributor = new TableHeaderAttributor(TABLE_HEADER_FORMAT, "data-table-header", { scope: Parchment.Scope.BLOCK });
  Quill.register({ [`formats/${TABLE_HEADER_FORMAT}`]: attributor }, true);
}

interface QuillLike {
  import(path: string): unknown;
  register(targets: Record<string, unknown>, overwrite?: boolean): void;
}

interface AttributorInstance {
  keyName: string;
  add(node: HTMLElement, value: unknown): boolean;
  value(node: HTMLElement): unknown;
}

interface ParchmentLike {
  Attributor: new (attrName: string, keyName: string, options?: { scope?: number }) => AttributorInstance;
  Scope: { BLOCK: number };
}
