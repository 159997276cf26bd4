import type Quill from "quill";
import type { Range } from "quill";
import Delta from "quill-delta";
import { blockAttributes } from "./block-shortcuts";
import { lineText } from "./line-text";
import type { SlashItem } from "./slash-items";
import { INSERT_TEMPLATE_EVENT, SLASH_ITEMS, filterSlashItems, shouldCloseSlashMenu } from "./slash-items";
import { PickerPopup, pickerKey } from "./picker-popup";

export interface SlashMenuOptions {
  templates: boolean;
}

interface ToolbarModule {
  handlers: Record<string, ((this: ToolbarModule, value: unknown) => void) | undefined>;
}

/**
 * The "/" menu (docs/product.md "Editor"): "/" typed at the start of an empty line opens a
 * list of blocks at the caret; what follows the "/" filters it ("/hea" → the headings);
 * ↑ ↓ move, Enter or Tab insert the block in place of the typed "/…", Escape closes and keeps
 * the text; so do leaving the line, blur, and a filter with a space that finds nothing.
 *
 * ARIA: the body stays a multi-line textbox (a combobox can't be multi-line, and changing the
 * body's role mid-typing would re-announce it); while open it takes the combobox's attributes a
 * textbox allows (PickerPopup, shared with the "@" picker) and a polite status says how many
 * blocks the filter finds.
 *
 * Cost: while closed, nothing runs on typing (the "/" is a keyboard binding, like the
 * shortcuts); while open, each change reads only the menu's own line.
 */
export class SlashMenuModule {
  /** `templates`: offer "Template" (the document page handles its event; the template editor does not). */
  static readonly DEFAULTS: SlashMenuOptions = { templates: false };

  private readonly popup: PickerPopup;
  /** Where the "/" is, while open. */
  private slashIndex: number | null = null;
  private query = "";
  private items: SlashItem[] = [];
  private active = 0;

  private readonly offered: readonly SlashItem[];

  constructor(
    private readonly quill: Quill,
    options: Partial<SlashMenuOptions> = {},
  ) {
    this.offered = options.templates ? SLASH_ITEMS : SLASH_ITEMS.filter((item) => item.action.kind !== "template");
    this.popup = new PickerPopup(quill.container, quill.root, {
      className: "ql-slash-menu",
      statusClassName: "ql-slash-status",
      label: "Insert a block",
      idPrefix: "slash-menu",
      onPick: (index) => this.choose(index),
    });

    quill.keyboard.addBinding({ key: "/", shiftKey: null, collapsed: true, format: { "code-block": false } }, (range: Range, context: { line: unknown }) =>
      this.onSlash(range, context.line),
    );
    quill.on("text-change", (delta: Delta) => {
      if (this.slashIndex !== null) this.onChange(delta);
    });
    quill.on("selection-change", (range: Range | null) => {
      if (this.slashIndex !== null && range && !this.holdsCaret(range)) this.close();
    });
    quill.root.addEventListener("blur", () => this.close());
    // Capture phase, ahead of Quill's keyboard module (which skips a key whose default is prevented).
    quill.root.addEventListener("keydown", (event) => this.onKey(event), true);
  }

  /** "/" on an empty line: type it and open. Elsewhere it is just a character. */
  private onSlash(range: Range, line: unknown): boolean {
    if (!this.quill.isEnabled() || lineText(line) !== "") return true;
    this.quill.insertText(range.index, "/", "user");
    this.quill.setSelection(range.index + 1, 0, "silent");
    this.slashIndex = range.index;
    this.query = "";
    this.update();
    return false;
  }

  private onChange(delta: Delta): void {
    if (this.slashIndex === null) return;
    const slashIndex = delta.transformPosition(this.slashIndex);
    const [line, offset] = this.quill.getLine(slashIndex);
    const text = lineText(line);
    // The "/" was deleted, or something now comes before it.
    if (offset !== 0 || text === null || !text.startsWith("/")) return this.close();
    this.slashIndex = slashIndex;
    this.query = text.slice(1);
    this.update();
  }

  /**
   * Whether the caret is still after the "/" on its line. Read from the line, not from the
   * filter: a keystroke's selection-change can come before its text-change.
   */
  private holdsCaret(range: Range): boolean {
    if (range.length !== 0) return false;
    const [, offset] = this.quill.getLine(range.index);
    return offset > 0 && range.index - offset === this.slashIndex;
  }

  private onKey(event: KeyboardEvent): void {
    if (this.slashIndex === null) return;
    const key = pickerKey(event, this.items.length > 0);
    if (key === null) return;
    if (key === "close") this.close();
    else if (key === "choose") this.choose(this.active);
    else {
      this.active = (this.active + (key === "next" ? 1 : -1) + this.items.length) % this.items.length;
      this.render();
    }
    event.preventDefault();
    event.stopPropagation();
  }

  /** Replaces the typed "/…" by the block, as its own undo step (one Ctrl/⌘+Z brings the "/…" back). */
  private choose(index: number): void {
    const item = this.items[index];
    const slashIndex = this.slashIndex;
    if (!item || slashIndex === null) return;
    const typed = 1 + this.query.length;
    this.close();
    this.quill.history.cutoff();
    const delta = new Delta().retain(slashIndex).delete(typed);
    const { action } = item;
    this.quill.updateContents(action.kind === "line" ? delta.retain(1, blockAttributes(action.attributes)) : delta, "user");
    this.quill.history.cutoff();
    this.quill.setSelection(slashIndex, 0, "silent");
    if (action.kind === "toolbar") {
      // The toolbar's own handlers: the image picker and upload, the formula input.
      const toolbar = this.quill.getModule("toolbar") as ToolbarModule | undefined;
      toolbar?.handlers[action.handler]?.call(toolbar, true);
    }
    if (action.kind === "template") this.quill.root.dispatchEvent(new CustomEvent(INSERT_TEMPLATE_EVENT, { bubbles: true, detail: { index: slashIndex } }));
  }

  private update(): void {
    const previous = this.items[this.active]?.id;
    this.items = filterSlashItems(this.query, this.offered);
    if (shouldCloseSlashMenu(this.query, this.items.length)) return this.close();
    const kept = this.items.findIndex((item) => item.id === previous);
    this.active = kept >= 0 ? kept : 0;
    this.render();
    this.popup.announce(this.items.length === 0 ? "No blocks match" : `${this.items.length} block${this.items.length === 1 ? "" : "s"}: ${this.items[this.active]?.label ?? ""}`);
  }

  private render(): void {
    this.popup.show(
      this.items.map((item) => ({ key: item.id, label: item.label, hint: item.hint })),
      this.active,
    );
    if (this.items.length > 0) this.place();
  }

  /** At the caret (PickerPopup keeps it inside the window). */
  private place(): void {
    if (this.slashIndex === null) return;
    const bounds = this.quill.getBounds(this.slashIndex, 1);
    if (bounds) this.popup.place(bounds);
  }

  private close(): void {
    if (this.slashIndex === null) return;
    this.slashIndex = null;
    this.items = [];
    this.popup.hide();
  }
}
