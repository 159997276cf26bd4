import { TABLE_FORMAT, TABLE_HEADER_FORMAT, tableRowId } from "./table-rules";

/** A delta as a clipboard matcher gets it (from whichever realm's Quill). */
interface MatcherDelta {
  ops: { insert?: unknown; attributes?: Record<string, unknown> }[];
}
type Matcher = (node: Node, delta: MatcherDelta) => MatcherDelta;
const TEXT_NODE = 3; // Node.TEXT_NODE, in whichever realm

/**
 * Clipboard matchers that finish what Quill's own table matcher (quill/modules/clipboard.js
 * matchTable) starts, for the editor's paste and the server's import alike:
 * - whitespace between rows and cells is dropped;
 * - a `<th>` ends its cell's line as a `<td>` does (Quill knows only `<td>`, so a header cell's
 *   text ran into the next one);
 * - each row gets a fresh row id instead of Quill's row number (1, 2, …), so a pasted table
 *   never merges with a row of the same number next to it, nor with one someone pastes at once;
 * - a row of `<th>` cells, or one inside `<thead>`, is a header row (`table-header`); the
 *   editor's own header cells (`data-table-header`) reach here as `<th>` (table-html.ts).
 */
export function tablePasteMatchers(): [string | number, Matcher][] {
  return [
    // Whitespace between a table's rows and cells (an HTML page's indentation) is no cell text.
    [TEXT_NODE, (node, delta) => {
      const parent = node.parentElement?.localName ?? "";
      if (!["table", "thead", "tbody", "tfoot", "tr"].includes(parent) || (node.textContent ?? "").trim() !== "") return delta;
      delta.ops.length = 0;
      return delta;
    }],
    ["th", endLine],
    ["tr", (node, delta) => {
      const row = node as Element;
      const id = tableRowId();
      const cells = Array.from(row.children).filter((cell) => /^t[dh]$/i.test(cell.tagName));
      const isHeader = row.parentElement?.tagName === "THEAD" || (cells.length > 0 && cells.every((cell) => cell.tagName === "TH"));
      for (const op of delta.ops) {
        if (!op.attributes || op.attributes[TABLE_FORMAT] === undefined) continue;
        op.attributes[TABLE_FORMAT] = id;
        if (isHeader && typeof op.insert === "string" && op.insert.includes("\n")) op.attributes[TABLE_HEADER_FORMAT] = true;
      }
      return delta;
    }],
  ];
}

function endLine(_node: Node, delta: MatcherDelta): MatcherDelta {
  const last = delta.ops.at(-1);
  if (typeof last?.insert === "string" && last.insert.endsWith("\n")) return delta;
  delta.ops.push({ insert: "\n" });
  return delta;
}
