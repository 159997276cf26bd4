import type Quill from "quill";
import type { SavedCaret } from "./saved-caret";
import type { TableCommand } from "./table-commands";
import { isHeaderRow, runTableCommand, TABLE_COMMANDS } from "./table-commands";
import { POPUP_GAP, releaseTextSelection } from "./table-popups";
import { tableModuleOf } from "./quill-table";

/**
 * The small menu above the caret's table (a toolbar of TABLE_COMMANDS): it adds and removes rows
 * and columns, toggles the header row and deletes the table. Arrow keys, Home and End move along
 * it, Escape goes back to the cell, Alt+F10 goes on to the formatting toolbar. A command run from
 * the keyboard leaves the focus in the menu.
 */
export class TableMenu {
  /** The menu's element, for the editor's container. */
  readonly element: HTMLDivElement;
  private readonly headerButton: HTMLButtonElement;

  constructor(private readonly quill: Quill, private readonly caret: SavedCaret) {
    this.element = document.createElement("div");
    this.element.className = "ql-table-menu";
    this.element.hidden = true;
    this.element.setAttribute("role", "toolbar");
    this.element.setAttribute("aria-label", "Table");
    for (const item of TABLE_COMMANDS) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = item.label;
      button.dataset.action = item.command;
      button.tabIndex = -1;
      if (item.danger) button.className = "ql-table-danger";
      this.element.append(button);
    }
    this.headerButton = this.element.querySelector<HTMLButtonElement>('[data-action="header"]') as HTMLButtonElement;
    this.headerButton.setAttribute("aria-pressed", "false");
    this.bind();
  }

  /** Whether the menu is hidden (the caret is in no table). */
  get isHidden(): boolean {
    return Boolean(this.element.hidden);
  }

  /** Moves the focus from the text into the menu, onto its first button, saving the caret. */
  takeFocus(): void {
    this.caret.set(this.quill.getSelection());
    this.focusButton(0);
  }

  /** Shows the menu above the caret's table (below it when there is no room), or hides it. */
  place(): void {
    const focusInMenu = this.element.contains(document.activeElement);
    // Runs on every editor change: outside a table, one DOM lookup instead of Quill's selection
    // update and a walk to the caret's line (over a millisecond per keystroke at 100,000 words).
    if (!focusInMenu && !this.isCaretInTable()) {
      if (!this.element.hidden) this.element.hidden = true;
      return;
    }
    const range = focusInMenu ? this.caret.get() : this.quill.getSelection();
    const [table, row] = range && this.quill.isEnabled() ? tableModuleOf(this.quill).getTable(range) : [null, null];
    if (!table || !row) {
      if (!focusInMenu) this.element.hidden = true;
      return;
    }
    this.element.hidden = false;
    this.headerButton.setAttribute("aria-pressed", String(isHeaderRow(row)));
    if (!focusInMenu && !this.buttons().some((button) => button.tabIndex === 0)) this.buttons()[0]?.setAttribute("tabindex", "0");
    const containerBox = this.quill.container.getBoundingClientRect();
    const box = table.domNode.getBoundingClientRect();
    const above = box.top - containerBox.top - this.element.offsetHeight - POPUP_GAP;
    this.element.style.left = `${Math.max(0, box.left - containerBox.left)}px`;
    this.element.style.top = `${above >= 0 ? above : box.bottom - containerBox.top + POPUP_GAP}px`;
  }

  /** Whether the browser's caret is in a table cell of this editor (the DOM's word, before Quill's). */
  private isCaretInTable(): boolean {
    const node = document.getSelection()?.focusNode ?? null;
    const element = node instanceof Element ? node : (node?.parentElement ?? null);
    return element !== null && this.quill.root.contains(element) && element.closest("td") !== null;
  }

  private bind(): void {
    // A click keeps the caret in the text, so the commands know their cell.
    this.element.addEventListener("mousedown", (event) => event.preventDefault());
    this.element.addEventListener("click", (event) => {
      const button = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-action]");
      if (button) this.run(button.dataset.action as TableCommand);
    });
    this.element.addEventListener("keydown", (event) => {
      const buttons = this.buttons();
      const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
      if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
        event.preventDefault();
        this.focusButton((index + (event.key === "ArrowRight" ? 1 : -1) + buttons.length) % buttons.length);
      } else if (event.key === "Home" || event.key === "End") {
        event.preventDefault();
        this.focusButton(event.key === "Home" ? 0 : buttons.length - 1);
      } else if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        this.caret.restore();
      } else if (event.key === "F10" && event.altKey) {
        // On along the chain: the formatting toolbar (editor/toolbar-keyboard.ts).
        event.preventDefault();
        const toolbar = (this.quill.getModule("toolbar") as { container?: HTMLElement } | undefined)?.container;
        toolbar?.querySelector<HTMLElement>("button, .ql-picker-label")?.focus();
      }
    });
    this.element.addEventListener("focusout", (event) => {
      if (!this.element.contains(event.relatedTarget as Node | null) && event.relatedTarget !== this.quill.root) this.place();
    });
  }

  private buttons(): HTMLButtonElement[] {
    return Array.from(this.element.querySelectorAll<HTMLButtonElement>("button"));
  }

  private focusButton(index: number): void {
    this.buttons().forEach((button, at) => {
      button.tabIndex = at === index ? 0 : -1;
      if (at === index) button.focus();
    });
    releaseTextSelection();
  }

  /** Runs a command on the caret's cell; a command run from the keyboard leaves the focus in the menu. */
  private run(command: TableCommand): void {
    const fromKeyboard = this.element.contains(document.activeElement);
    const focused = this.buttons().indexOf(document.activeElement as HTMLButtonElement);
    const range = fromKeyboard ? this.caret.get() : this.quill.getSelection();
    if (!range) return;
    // The command takes the focus into the text; one run from the keyboard gives it back below.
    runTableCommand(this.quill, command, range);
    this.caret.set(this.quill.getSelection());
    this.place();
    if (fromKeyboard && !this.element.hidden && command !== "delete-row" && command !== "delete-column") this.focusButton(Math.max(0, focused));
    else this.quill.focus();
  }
}
