/** Room kept between the popup and the window's edges, and between the popup and the caret, in pixels. */
const MARGIN = 8;
const GAP = 4;

/** The attributes the text field carries while the list shows (the combobox side of the pattern). */
const HOST_ATTRIBUTES = ["aria-controls", "aria-activedescendant", "aria-autocomplete", "aria-haspopup"] as const;

let nextId = 0;

export interface PickerOption {
  /** Unique in the list: part of the option's element id. */
  key: string;
  label: string;
  /** Shown beside the label, muted. */
  hint: string;
}

/** What a key means to an open picker, or null when it is the text's (typed as usual). */
export type PickerKey = "next" | "previous" | "choose" | "close" | null;

/** The picker's reading of a key (the same for the "/" menu and the "@" picker): ↑ ↓ move, Enter or Tab choose, Escape closes. */
export function pickerKey(event: KeyboardEvent, hasOptions: boolean): PickerKey {
  if (event.isComposing) return null;
  if (event.key === "Escape") return "close";
  if (!hasOptions) return null;
  if ((event.key === "ArrowDown" || event.key === "ArrowUp") && !event.altKey && !event.shiftKey) return event.key === "ArrowDown" ? "next" : "previous";
  if ((event.key === "Enter" || event.key === "Tab") && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey) return "choose";
  return null;
}

/**
 * A list of choices by a caret that never takes the focus: the "/" menu's and the "@" picker's
 * popup (docs/product.md "Editor"). The text field (`host`: Quill's root, a textarea) keeps the
 * focus and, while the list shows, takes the combobox attributes a textbox allows —
 * aria-controls, aria-activedescendant (the chosen option), aria-autocomplete and aria-haspopup;
 * a polite status says what the list holds. The owner decides what is listed, and when.
 */
export class PickerPopup {
  readonly element: HTMLDivElement;
  private readonly listbox: HTMLUListElement;
  private readonly status: HTMLDivElement;
  private readonly id: string;

  constructor(
    /** Positioned (absolute) inside this element. */
    private readonly parent: HTMLElement,
    private readonly host: HTMLElement,
    options: { className: string; statusClassName: string; label: string; idPrefix: string; onPick: (index: number) => void },
  ) {
    this.id = `${options.idPrefix}-${++nextId}`;
    this.element = document.createElement("div");
    this.element.className = options.className;
    this.element.hidden = true;
    this.listbox = document.createElement("ul");
    this.listbox.id = `${this.id}-list`;
    this.listbox.setAttribute("role", "listbox");
    this.listbox.setAttribute("aria-label", options.label);
    this.element.append(this.listbox);
    this.status = document.createElement("div");
    this.status.className = options.statusClassName;
    this.status.setAttribute("role", "status");
    parent.append(this.element, this.status);
    // The popup never takes the focus: the caret stays in the text.
    this.listbox.addEventListener("mousedown", (event) => event.preventDefault());
    this.listbox.addEventListener("click", (event) => {
      const option = (event.target as HTMLElement).closest<HTMLElement>("[role=option]");
      const index = option ? Number(option.dataset.index) : -1;
      if (index >= 0) options.onPick(index);
    });
  }

  /** Shows `options` with `active` chosen (or hides the list when there are none). */
  show(options: readonly PickerOption[], active: number): void {
    const shown = options.length > 0;
    this.element.hidden = !shown;
    if (!shown) {
      for (const name of HOST_ATTRIBUTES) this.host.removeAttribute(name);
      this.listbox.replaceChildren();
      return;
    }
    this.listbox.replaceChildren(
      ...options.map((item, index) => {
        const option = document.createElement("li");
        option.id = `${this.id}-${item.key}`;
        option.setAttribute("role", "option");
        option.setAttribute("aria-selected", String(index === active));
        option.dataset.index = String(index);
        const label = document.createElement("span");
        label.className = "ql-slash-label";
        label.textContent = item.label;
        const hint = document.createElement("span");
        hint.className = "ql-slash-hint";
        hint.textContent = item.hint;
        option.append(label, hint);
        return option;
      }),
    );
    this.host.setAttribute("aria-controls", this.listbox.id);
    this.host.setAttribute("aria-autocomplete", "list");
    this.host.setAttribute("aria-haspopup", "listbox");
    const option = this.listbox.children[active] as HTMLElement | undefined;
    if (option) {
      this.host.setAttribute("aria-activedescendant", option.id);
      this.reveal(option);
    }
  }

  announce(text: string): void {
    this.status.textContent = text;
  }

  /** Hides the list and takes the combobox attributes off the text field. */
  hide(): void {
    this.element.hidden = true;
    this.listbox.replaceChildren();
    this.status.textContent = "";
    for (const name of HOST_ATTRIBUTES) this.host.removeAttribute(name);
  }

  get isShown(): boolean {
    return !this.element.hidden;
  }

  /**
   * Places the popup by `anchor` (the caret's box, in pixels from the parent's top left): below
   * it, or above when below would leave the window; never past the window's sides.
   */
  place(anchor: { top: number; bottom: number; left: number }): void {
    const container = this.parent.getBoundingClientRect();
    const { offsetWidth: width, offsetHeight: height } = this.element;
    const below = anchor.bottom + GAP;
    const above = anchor.top - GAP - height;
    const fitsBelow = container.top + below + height <= window.innerHeight - MARGIN;
    const fitsAbove = container.top + above >= MARGIN;
    this.element.style.top = `${fitsBelow || !fitsAbove ? below : above}px`;
    const left = Math.min(anchor.left, window.innerWidth - MARGIN - width - container.left);
    this.element.style.left = `${Math.max(MARGIN - container.left, left)}px`;
  }

  destroy(): void {
    this.hide();
    this.element.remove();
    this.status.remove();
  }

  /** Scrolls the list (never the page, as scrollIntoView would) to show the active option. */
  private reveal(option: HTMLElement): void {
    const list = this.listbox;
    if (option.offsetTop < list.scrollTop) list.scrollTop = option.offsetTop;
    else if (option.offsetTop + option.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = option.offsetTop + option.offsetHeight - list.clientHeight;
  }
}
