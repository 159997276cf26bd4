import type Quill from "quill";
import type { Range } from "quill";
import { TABLE_FORMAT } from "@/shared/table-rules";
import type { TableBlot } from "./quill-table";
import { tableModuleOf } from "./quill-table";

/**
 * Tab moves to the next cell and, in the last cell of the table, adds a row first; Shift+Tab
 * moves to the previous cell. Bound ahead of Quill's own "table tab", which leaves the table from
 * the last cell.
 */
export function bindTableTabKeys(quill: Quill): void {
  const keyboard = quill.keyboard as unknown as {
    addBinding(binding: Record<string, unknown>, handler: (range: Range) => boolean): void;
    bindings: Record<string, unknown[]>;
  };
  keyboard.addBinding({ key: "Tab", shiftKey: false, format: [TABLE_FORMAT] }, (range) => {
    const [, row, cell] = tableModuleOf(quill).getTable(range);
    if (!row || !cell) return true;
    if (cell.next === null && row.next === null) {
      quill.setSelection(range, "silent");
      tableModuleOf(quill).insertRowBelow();
      const added = row.next as TableBlot | null;
      if (added) quill.setSelection(added.offset(quill.scroll), 0, "user");
      return false;
    }
    quill.setSelection(cell.offset(quill.scroll) + cell.length(), 0, "user");
    return false;
  });
  const tabs = keyboard.bindings.Tab;
  if (tabs && tabs.length > 1) tabs.unshift(tabs.pop());
}
