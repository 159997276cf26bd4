import type Quill from "quill";
import type Delta from "quill-delta";
import { normalizeTables } from "@/shared/table-html";
import { MAX_TABLE_CELLS, MAX_TABLE_COLUMNS } from "@/shared/table-rules";

/**
 * Makes pasted tables what the import makes of them (shared/table-html.ts): merged cells become
 * plain cells with their text in the first, a cell's paragraphs one line, an oversized table lines
 * of text. `notify` says when cells were merged or a table flattened, since the table then looks
 * different from its source.
 */
export function normalizePastedTables(quill: Quill, notify: (message: string) => void): void {
  const clipboard = quill.clipboard as unknown as { convert(input: { html?: string; text?: string }, formats?: Record<string, unknown>): Delta };
  const convert = clipboard.convert.bind(clipboard);
  clipboard.convert = (input, formats) => {
    if (!input.html || !/<table[\s>]/i.test(input.html)) return convert(input, formats);
    const parsed = new DOMParser().parseFromString(input.html, "text/html");
    const { hadMergedCells, flattened } = normalizeTables(parsed.body, { flattenOversized: true });
    if (flattened > 0) {
      notify(`A table over ${MAX_TABLE_COLUMNS} columns or ${MAX_TABLE_CELLS.toLocaleString("en")} cells was pasted as text, one line per row.`);
    } else if (hadMergedCells) {
      notify("Merged cells were pasted as separate cells, the text in the first.");
    }
    return convert({ ...input, html: parsed.body.innerHTML }, formats);
  };
}
