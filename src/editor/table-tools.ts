import { createEditorNotice } from "./editor-notice";
import type { TrackedRange } from "./tracked-range";
import { trackRange } from "./tracked-range";
import type Quill from "quill";
import type { Range } from "quill";
import Delta from "quill-delta";
import { normalizeTables } from "@/shared/table-html";
import { MAX_TABLE_CELLS, MAX_TABLE_COLUMNS, TABLE_FORMAT, TABLE_HEADER_FORMAT, TABLE_PICKER_COLUMNS, TABLE_PICKER_ROWS, tableRowId } from "@/shared/table-rules";

/** Room between the popups and what they sit next to, in pixels. */
const GAP = 4;

/** The blots of Quill's table module we use (quill/formats/table.js). */
interface Blot {
  next: Blot | null;
  prev: Blot | null;
  parent: Blot;
  domNode: HTMLElement;
  children: { head: Blot | null; length: number };
  offset(root?: unknown): number;
  length(): number;
  formats(): Record<string, unknown>;
}
interface TableModule {
  getTable(range?: Range): [Blot | null, Blot | null, Blot | null, number];
  insertRowAbove(): void;
  insertRowBelow(): void;
  insertColumnLeft(): void;
  insertColumnRight(): void;
  deleteRow(): void;
  deleteColumn(): void;
  deleteTable(): void;
}
interface ToolbarModule {
  addHandler(format: string, handler: (value: unknown) => void): void;
}

type MenuAction = "row-above" | "row-below" | "column-left" | "column-right" | "delete-row" | "delete-column" | "header" | "delete-table";

const MENU: readonly { action: MenuAction; label: string; danger?: boolean }[] = [
  { action: "row-above", label: "Row above" },
  { action: "row-below", label: "Row below" },
  { action: "column-left", label: "Column left" },
  { action: "column-right", label: "Column right" },
  { action: "header", label: "Header row" },
  { action: "delete-row", label: "Delete row", danger: true },
  { action: "delete-column", label: "Delete column", danger: true },
  { action: "delete-table", label: "Delete table", danger: true },
];

/**
 * Tables in the editor (docs/product.md "Tables"), over Quill 2's own table module:
 * - the toolbar's table button (and "/" Table) opens a grid picker at the caret: arrows move the
 *   highlighted size (up to 10 × 10), Enter or a click inserts, Escape closes;
 * - while the caret is in a table, a small menu above it adds and removes rows and columns,
 *   toggles the header row and deletes the table; Alt+F10 in a cell moves into it (Alt+F10
 *   there goes on to the formatting toolbar), Escape goes back to the cell;
 * - Tab and Shift+Tab move between cells, and Tab in the last cell adds a row.
 * A table is inserted below the caret's line, or in its place when the line is empty, so text
 * is never split into cells.
 */
export class TableToolsModule {
  static readonly DEFAULTS = {};

  private readonly picker: HTMLDivElement;
  private readonly grid: HTMLDivElement;
  private readonly size: HTMLParagraphElement;
  private readonly menu: HTMLDivElement;
  private readonly headerButton: HTMLButtonElement;
  /** Says a message at the window's foot and to screen readers (editor-notice.ts). */
  private readonly notify: (message: string) => void;
  private readonly cells: HTMLButtonElement[] = [];
  /** Where the caret was when the picker or the menu took the focus, moved past the edits made since. */
  private saved: TrackedRange | null = null;
  private chosen = { rows: 3, columns: 3 };

  /**
   * A co-editor may type above it while the focus is in the picker or the menu: it is followed
   * (tracked-range.ts), so the table and the commands land where the caret was, not on the number it was.
   */
  private get savedRange(): Range | null {
    return this.saved?.get() ?? null;
  }

  private set savedRange(range: Range | null) {
    this.saved?.release();
    this.saved = range ? trackRange(this.quill, range) : null;
  }

  constructor(private readonly quill: Quill) {
    this.picker = document.createElement("div");
    this.picker.className = "ql-table-picker";
    this.picker.hidden = true;
    this.picker.setAttribute("role", "dialog");
    this.picker.setAttribute("aria-label", "Insert table");
    this.grid = document.createElement("div");
    this.grid.className = "ql-table-grid";
    this.grid.setAttribute("role", "group");
    this.grid.setAttribute("aria-label", "Table size: arrow keys choose, Enter inserts");
    for (let row = 1; row <= TABLE_PICKER_ROWS; row += 1) {
      for (let column = 1; column <= TABLE_PICKER_COLUMNS; column += 1) {
        const cell = document.createElement("button");
        cell.type = "button";
        cell.tabIndex = -1;
        cell.dataset.rows = String(row);
        cell.dataset.columns = String(column);
        cell.setAttribute("aria-label", `${row} × ${column} table`);
        this.cells.push(cell);
      }
    }
    this.grid.append(...this.cells);
    this.size = document.createElement("p");
    this.size.className = "ql-table-size";
    this.size.setAttribute("aria-hidden", "true"); // the focused button says the same
    this.picker.append(this.grid, this.size);

    this.menu = document.createElement("div");
    this.menu.className = "ql-table-menu";
    this.menu.hidden = true;
    this.menu.setAttribute("role", "toolbar");
    this.menu.setAttribute("aria-label", "Table");
    for (const item of MENU) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = item.label;
      button.dataset.action = item.action;
      button.tabIndex = -1;
      if (item.danger) button.className = "ql-table-danger";
      this.menu.append(button);
    }
    this.headerButton = this.menu.querySelector<HTMLButtonElement>('[data-action="header"]') as HTMLButtonElement;
    this.headerButton.setAttribute("aria-pressed", "false");
    quill.container.append(this.picker, this.menu);
    this.notify = createEditorNotice(quill.container, "ql-table-notice");
    this.normalizePastedTables();

    const toolbar = quill.getModule("toolbar") as ToolbarModule | undefined;
    toolbar?.addHandler(TABLE_FORMAT, () => this.openPicker());
    this.bindPicker();
    this.bindMenu();
    this.bindTab();
    quill.on("editor-change", () => this.placeMenu());
    // Capture, ahead of bindEditorKeys' Alt+F10 (registered after the modules): in a table the
    // first stop is the table menu.
    quill.root.addEventListener("keydown", (event) => {
      if (event.key !== "F10" || !event.altKey || this.menu.hidden) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      this.savedRange = quill.getSelection();
      this.focusMenuButton(0);
    }, true);
  }

  /**
   * Pasted tables as the import makes them (shared/table-html.ts): merged cells become plain
   * cells with their text in the first, a cell's paragraphs one line; a notice says when cells
   * were merged, since the table then looks different from its source.
   */
  private normalizePastedTables(): void {
    const clipboard = this.quill.clipboard as unknown as { convert(input: { html?: string; text?: string }, formats?: Record<string, unknown>): Delta };
    const convert = clipboard.convert.bind(clipboard);
    clipboard.convert = (input, formats) => {
      if (!input.html || !/<table[\s>]/i.test(input.html)) return convert(input, formats);
      const parsed = new DOMParser().parseFromString(input.html, "text/html");
      const { hadMergedCells, flattened } = normalizeTables(parsed.body, { flattenOversized: true });
      if (flattened > 0) {
        this.notify(`A table over ${MAX_TABLE_COLUMNS} columns or ${MAX_TABLE_CELLS.toLocaleString("en")} cells was pasted as text, one line per row.`);
      } else if (hadMergedCells) {
        this.notify("Merged cells were pasted as separate cells, the text in the first.");
      }
      return convert({ ...input, html: parsed.body.innerHTML }, formats);
    };
  }

  /** Opens the size picker at the caret, its 3 × 3 highlighted and focused. */
  openPicker(): void {
    if (!this.quill.isEnabled()) return;
    this.savedRange = this.quill.getSelection() ?? this.savedRange ?? { index: this.quill.getLength() - 1, length: 0 };
    this.chosen = { rows: 3, columns: 3 };
    this.picker.hidden = false;
    this.place(this.picker, this.quill.getBounds(this.savedRange.index), "below");
    this.highlight(true);
  }

  private closePicker(returnFocus: boolean): void {
    if (this.picker.hidden) return;
    this.picker.hidden = true;
    if (returnFocus) this.restoreCaret();
  }

  private bindPicker(): void {
    this.grid.addEventListener("keydown", (event) => {
      const { rows, columns } = this.chosen;
      const moves: Record<string, [number, number]> = {
        ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0],
      };
      const move = moves[event.key];
      if (move) {
        event.preventDefault();
        this.chosen = {
          rows: Math.min(TABLE_PICKER_ROWS, Math.max(1, rows + move[0])),
          columns: Math.min(TABLE_PICKER_COLUMNS, Math.max(1, columns + move[1])),
        };
        this.highlight(true);
      } else if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        this.closePicker(true);
      } else if (event.key === "Tab") {
        // A dialog of one control: Tab stays in it.
        event.preventDefault();
      }
    });
    this.grid.addEventListener("mouseover", (event) => {
      const cell = (event.target as HTMLElement).closest<HTMLButtonElement>("button");
      if (!cell) return;
      this.chosen = { rows: Number(cell.dataset.rows), columns: Number(cell.dataset.columns) };
      this.highlight(false);
    });
    this.grid.addEventListener("click", (event) => {
      const cell = (event.target as HTMLElement).closest<HTMLButtonElement>("button");
      if (!cell) return;
      this.insertTable(Number(cell.dataset.rows), Number(cell.dataset.columns));
    });
    this.picker.addEventListener("focusout", (event) => {
      if (!this.picker.contains(event.relatedTarget as Node | null)) this.closePicker(false);
    });
  }

  private highlight(focus: boolean): void {
    const { rows, columns } = this.chosen;
    for (const cell of this.cells) {
      const inside = Number(cell.dataset.rows) <= rows && Number(cell.dataset.columns) <= columns;
      cell.dataset.in = String(inside);
      const isChosen = Number(cell.dataset.rows) === rows && Number(cell.dataset.columns) === columns;
      cell.tabIndex = isChosen ? 0 : -1;
      if (isChosen && focus) cell.focus();
    }
    if (focus) releaseTextSelection();
    this.size.textContent = `${rows} × ${columns}`;
  }

  /**
   * Inserts an empty table of `rows` × `columns` below the caret's line, or in its place when
   * it is empty, with a paragraph after it, and puts the caret in its first cell.
   */
  insertTable(rows: number, columns: number): void {
    this.closePicker(false);
    const range = this.savedRange ?? { index: 0, length: 0 };
    this.quill.focus();
    const [line, offset] = this.quill.getLine(range.index);
    const lineStart = range.index - offset;
    const lineLength = line ? (line as unknown as Blot).length() : 1;
    const isEmpty = lineLength <= 1;
    const at = isEmpty ? lineStart : lineStart + lineLength;
    // Inside a table, a new table would merge with it: go below it instead.
    const [table] = this.tableModule().getTable({ index: Math.min(at, this.quill.getLength() - 1), length: 0 });
    const index = table ? table.offset(this.quill.scroll) + table.length() : at;
    let delta = new Delta().retain(index);
    for (let row = 0; row < rows; row += 1) delta = delta.insert("\n".repeat(columns), { [TABLE_FORMAT]: tableRowId() });
    if (!isEmpty || table) delta = delta.insert("\n");
    this.quill.history.cutoff();
    this.quill.updateContents(delta, "user");
    this.quill.history.cutoff();
    this.quill.setSelection(index, 0, "user");
  }

  private bindMenu(): void {
    // A click keeps the caret in the text, so the commands know their cell.
    this.menu.addEventListener("mousedown", (event) => event.preventDefault());
    this.menu.addEventListener("click", (event) => {
      const button = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-action]");
      if (button) this.run(button.dataset.action as MenuAction);
    });
    this.menu.addEventListener("keydown", (event) => {
      const buttons = this.menuButtons();
      const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
      if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
        event.preventDefault();
        this.focusMenuButton((index + (event.key === "ArrowRight" ? 1 : -1) + buttons.length) % buttons.length);
      } else if (event.key === "Home" || event.key === "End") {
        event.preventDefault();
        this.focusMenuButton(event.key === "Home" ? 0 : buttons.length - 1);
      } else if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        this.restoreCaret();
      } else if (event.key === "F10" && event.altKey) {
        // On along the chain: the formatting toolbar (editor/toolbar-keyboard.ts).
        event.preventDefault();
        const toolbar = (this.quill.getModule("toolbar") as { container?: HTMLElement } | undefined)?.container;
        toolbar?.querySelector<HTMLElement>("button, .ql-picker-label")?.focus();
      }
    });
    this.menu.addEventListener("focusout", (event) => {
      if (!this.menu.contains(event.relatedTarget as Node | null) && event.relatedTarget !== this.quill.root) this.placeMenu();
    });
  }

  private menuButtons(): HTMLButtonElement[] {
    return Array.from(this.menu.querySelectorAll<HTMLButtonElement>("button"));
  }

  private focusMenuButton(index: number): void {
    this.menuButtons().forEach((button, at) => {
      button.tabIndex = at === index ? 0 : -1;
      if (at === index) button.focus();
    });
    releaseTextSelection();
  }

  /** Runs a menu command on the caret's cell; a command run from the keyboard leaves the focus in the menu. */
  private run(action: MenuAction): void {
    const fromKeyboard = this.menu.contains(document.activeElement);
    const focused = this.menuButtons().indexOf(document.activeElement as HTMLButtonElement);
    const range = fromKeyboard ? this.savedRange : this.quill.getSelection();
    if (!range) return;
    // The table module works on Quill's selection: the text takes the focus for the command (a
    // silent setSelection alone leaves it elsewhere: editor/silent-selection-keeps-focus.ts), and
    // a command run from the keyboard gives it back to the menu below.
    this.quill.focus();
    this.quill.setSelection(range, "silent");
    const table = this.tableModule();
    this.quill.history.cutoff();
    switch (action) {
      case "row-above": table.insertRowAbove(); break;
      case "row-below": table.insertRowBelow(); break;
      case "column-left": table.insertColumnLeft(); break;
      case "column-right": table.insertColumnRight(); break;
      case "delete-row": table.deleteRow(); break;
      case "delete-column": table.deleteColumn(); break;
      case "header": this.toggleHeader(range); break;
      case "delete-table": table.deleteTable(); break;
    }
    this.quill.history.cutoff();
    const after = this.quill.getSelection();
    this.savedRange = after;
    this.placeMenu();
    if (fromKeyboard && !this.menu.hidden && action !== "delete-row" && action !== "delete-column") this.focusMenuButton(Math.max(0, focused));
    else this.quill.focus();
  }

  /** Marks every cell of the caret's row as a header cell, or none (the `table-header` attribute). */
  private toggleHeader(range: Range): void {
    const [, row] = this.tableModule().getTable(range);
    if (!row) return;
    const isHeader = this.isHeaderRow(row);
    this.quill.formatLine(row.offset(this.quill.scroll), row.length(), TABLE_HEADER_FORMAT, isHeader ? false : true, "user");
    this.quill.setSelection(range, "silent");
  }

  private isHeaderRow(row: Blot): boolean {
    const first = row.children.head;
    return first !== null && first.formats()[TABLE_HEADER_FORMAT] === true;
  }

  /** Shows the menu above the caret's table (below it when there is no room), or hides it. */
  private placeMenu(): void {
    const focusInMenu = this.menu.contains(document.activeElement);
    // Runs on every editor change: outside a table, one DOM lookup instead of Quill's selection
    // update and a walk to the caret's line (over a millisecond per keystroke at 100,000 words).
    if (!focusInMenu && !this.isCaretInTable()) {
      if (!this.menu.hidden) this.menu.hidden = true;
      return;
    }
    const range = focusInMenu ? this.savedRange : this.quill.getSelection();
    const [table, row] = range && this.quill.isEnabled() ? this.tableModule().getTable(range) : [null, null];
    if (!table || !row) {
      if (!focusInMenu) this.menu.hidden = true;
      return;
    }
    this.menu.hidden = false;
    this.headerButton.setAttribute("aria-pressed", String(this.isHeaderRow(row)));
    if (!focusInMenu && !this.menuButtons().some((button) => button.tabIndex === 0)) this.menuButtons()[0]?.setAttribute("tabindex", "0");
    const containerBox = this.quill.container.getBoundingClientRect();
    const box = table.domNode.getBoundingClientRect();
    const above = box.top - containerBox.top - this.menu.offsetHeight - GAP;
    this.menu.style.left = `${Math.max(0, box.left - containerBox.left)}px`;
    this.menu.style.top = `${above >= 0 ? above : box.bottom - containerBox.top + GAP}px`;
  }

  /** Whether the browser's caret is in a table cell of this editor (the DOM's word, before Quill's). */
  private isCaretInTable(): boolean {
    const node = document.getSelection()?.focusNode ?? null;
    const element = node instanceof Element ? node : (node?.parentElement ?? null);
    return element !== null && this.quill.root.contains(element) && element.closest("td") !== null;
  }

  private place(popup: HTMLElement, bounds: { left: number; top: number; bottom: number } | null, where: "below"): void {
    if (!bounds || where !== "below") return;
    const width = this.quill.container.clientWidth;
    popup.style.left = `${Math.max(0, Math.min(bounds.left, width - popup.offsetWidth - GAP))}px`;
    popup.style.top = `${bounds.bottom + GAP}px`;
  }

  private restoreCaret(): void {
    this.quill.focus();
    if (this.savedRange) this.quill.setSelection(this.savedRange, "silent");
  }

  /**
   * Tab moves to the next cell and, in the last cell of the table, adds a row first; Shift+Tab
   * moves to the previous cell. Ahead of Quill's own "table tab", which leaves the table from the
   * last cell.
   */
  private bindTab(): void {
    const keyboard = this.quill.keyboard as unknown as {
      addBinding(binding: Record<string, unknown>, handler: (range: Range) => boolean): void;
      bindings: Record<string, unknown[]>;
    };
    keyboard.addBinding({ key: "Tab", shiftKey: false, format: [TABLE_FORMAT] }, (range) => {
      const [, row, cell] = this.tableModule().getTable(range);
      if (!row || !cell) return true;
      if (cell.next === null && row.next === null) {
        this.quill.setSelection(range, "silent");
        this.tableModule().insertRowBelow();
        const added = row.next as Blot | null;
        if (added) this.quill.setSelection(added.offset(this.quill.scroll), 0, "user");
        return false;
      }
      this.quill.setSelection(cell.offset(this.quill.scroll) + cell.length(), 0, "user");
      return false;
    });
    const tabs = keyboard.bindings.Tab;
    if (tabs && tabs.length > 1) tabs.unshift(tabs.pop());
  }

  private tableModule(): TableModule {
    return this.quill.getModule("table") as TableModule;
  }
}

/**
 * Clears the page's selection when the focus moves into the picker or the menu. Focusing a
 * button leaves the selection in the text, and Quill then takes any remote edit (someone else
 * typing) as a reason to restore it, focus included (quill/core/quill.js modify → setSelection):
 * the focus would jump back to the text and the next Enter land in a cell. The caret is kept in
 * savedRange and put back on leaving.
 */
function releaseTextSelection(): void {
  document.getSelection()?.removeAllRanges();
}
