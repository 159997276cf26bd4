import type Quill from "quill";
import { TABLE_PICKER_COLUMNS, TABLE_PICKER_ROWS } from "@/shared/table-rules";
import type { SavedCaret } from "./saved-caret";
import { POPUP_GAP, releaseTextSelection } from "./table-popups";

/**
 * The grid that picks a new table's size, opened at the caret: arrows move the highlighted size
 * (up to 10 × 10), Enter or a click chooses it, Escape closes it and gives the text the focus back.
 * A dialog of one control: Tab stays in it.
 */
export class TableSizePicker {
  /** The picker's element, for the editor's container. */
  readonly element: HTMLDivElement;
  private readonly grid: HTMLDivElement;
  private readonly size: HTMLParagraphElement;
  private readonly cells: HTMLButtonElement[] = [];
  private chosen = { rows: 3, columns: 3 };

  /** `onChoose` gets the size clicked, or the highlighted one on Enter. */
  constructor(
    private readonly quill: Quill,
    private readonly caret: SavedCaret,
    private readonly onChoose: (rows: number, columns: number) => void,
  ) {
    this.element = document.createElement("div");
    this.element.className = "ql-table-picker";
    this.element.hidden = true;
    this.element.setAttribute("role", "dialog");
    this.element.setAttribute("aria-label", "Insert table");
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
    this.element.append(this.grid, this.size);
    this.bind();
  }

  /** Opens below the saved caret, its 3 × 3 highlighted and focused. */
  open(): void {
    const range = this.caret.get();
    this.chosen = { rows: 3, columns: 3 };
    this.element.hidden = false;
    if (range) this.placeBelow(this.quill.getBounds(range.index));
    this.highlight(true);
  }

  /** Closes the picker; with `returnFocus`, the text takes the focus back at the saved caret. */
  close(returnFocus: boolean): void {
    if (this.element.hidden) return;
    this.element.hidden = true;
    if (returnFocus) this.caret.restore();
  }

  private bind(): void {
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
        this.close(true);
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
    // Enter on the focused size is a click too.
    this.grid.addEventListener("click", (event) => {
      const cell = (event.target as HTMLElement).closest<HTMLButtonElement>("button");
      if (!cell) return;
      this.onChoose(Number(cell.dataset.rows), Number(cell.dataset.columns));
    });
    this.element.addEventListener("focusout", (event) => {
      if (!this.element.contains(event.relatedTarget as Node | null)) this.close(false);
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

  private placeBelow(bounds: { left: number; top: number; bottom: number } | null): void {
    if (!bounds) return;
    const width = this.quill.container.clientWidth;
    this.element.style.left = `${Math.max(0, Math.min(bounds.left, width - this.element.offsetWidth - POPUP_GAP))}px`;
    this.element.style.top = `${bounds.bottom + POPUP_GAP}px`;
  }
}
