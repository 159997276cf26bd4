import type Quill from "quill";
import { createEditorNotice } from "@/editor/editor-notice";
import { TABLE_FORMAT } from "@/shared/table-rules";
import { insertTable } from "./insert-table";
import { normalizePastedTables } from "./normalize-pasted-tables";
import { SavedCaret } from "./saved-caret";
import { TableMenu } from "./table-menu";
import { TableSizePicker } from "./table-size-picker";
import { bindTableTabKeys } from "./table-tab-keys";

interface ToolbarModule {
  addHandler(format: string, handler: (value: unknown) => void): void;
}

/**
 * Tables in the editor (docs/product.md "Tables"), over Quill 2's own table module:
 * - the toolbar's table button (and "/" Table) opens a grid picker at the caret
 *   (table-size-picker.ts);
 * - while the caret is in a table, a small menu above it adds and removes rows and columns,
 *   toggles the header row and deletes the table (table-menu.ts); Alt+F10 in a cell moves into
 *   it (Alt+F10 there goes on to the formatting toolbar), Escape goes back to the cell;
 * - Tab and Shift+Tab move between cells, and Tab in the last cell adds a row (table-tab-keys.ts);
 * - pasted tables are made what the import makes of them (normalize-pasted-tables.ts).
 * A table is inserted below the caret's line, or in its place when the line is empty, so text
 * is never split into cells (insert-table.ts).
 */
export class TableToolsModule {
  static readonly DEFAULTS = {};

  /** Where the caret was when the picker or the menu took the focus, moved past the edits made since. */
  private readonly caret: SavedCaret;
  private readonly picker: TableSizePicker;
  private readonly menu: TableMenu;

  constructor(private readonly quill: Quill) {
    this.caret = new SavedCaret(quill);
    this.picker = new TableSizePicker(quill, this.caret, (rows, columns) => this.insertTable(rows, columns));
    this.menu = new TableMenu(quill, this.caret);
    quill.container.append(this.picker.element, this.menu.element);
    // Says a message at the window's foot and to screen readers (editor-notice.ts).
    normalizePastedTables(quill, createEditorNotice(quill.container, "ql-table-notice"));

    const toolbar = quill.getModule("toolbar") as ToolbarModule | undefined;
    toolbar?.addHandler(TABLE_FORMAT, () => this.openPicker());
    bindTableTabKeys(quill);
    quill.on("editor-change", () => this.menu.place());
    // Capture, ahead of bindEditorKeys' Alt+F10 (registered after the modules): in a table the
    // first stop is the table menu.
    quill.root.addEventListener("keydown", (event) => {
      if (event.key !== "F10" || !event.altKey || this.menu.isHidden) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      this.menu.takeFocus();
    }, true);
  }

  /** Opens the size picker at the caret, its 3 × 3 highlighted and focused. */
  openPicker(): void {
    if (!this.quill.isEnabled()) return;
    this.caret.set(this.quill.getSelection() ?? this.caret.get() ?? { index: this.quill.getLength() - 1, length: 0 });
    this.picker.open();
  }

  /**
   * Inserts an empty table of `rows` × `columns` at the caret saved when the picker opened (below
   * its line, or in its place when the line is empty), and puts the caret in its first cell.
   */
  insertTable(rows: number, columns: number): void {
    this.picker.close(false);
    insertTable(this.quill, this.caret.get() ?? { index: 0, length: 0 }, rows, columns);
  }
}
