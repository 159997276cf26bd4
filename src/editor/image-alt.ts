import type Quill from "quill";
import type { TrackedRange } from "./tracked-range";
import { trackRange } from "./tracked-range";

/** A selection in the editor. */
interface KeyRange {
  index: number;
  length: number;
}

let nextId = 0;

/**
 * Lets people describe an image for those who can't see it (its alt text, WCAG 1.1.1). Select
 * an image (click it, or Shift+arrow across it) and an "Alt text" field appears under it;
 * Alt+Enter moves the focus there from the keyboard. Enter saves (an empty field marks the
 * image decorative), Escape goes back to the text. The description is the image's `alt`
 * format, so it syncs, is stored, and travels into exports like any other format.
 */
export class ImageAltModule {
  static readonly DEFAULTS = {};

  private readonly panel: HTMLDivElement;
  private readonly input: HTMLInputElement;
  /**
   * Where the image being described sits, while the panel is open: followed through the edits
   * made meanwhile (tracked-range.ts), since a co-editor may type above it while the field has the focus.
   */
  private image: TrackedRange | null = null;

  constructor(private readonly quill: Quill) {
    const id = `image-alt-${++nextId}`;
    this.panel = document.createElement("div");
    this.panel.className = "ql-image-alt";
    this.panel.setAttribute("role", "group");
    this.panel.setAttribute("aria-label", "Image description");
    this.panel.hidden = true;
    const label = document.createElement("label");
    label.htmlFor = id;
    label.textContent = "Alt text";
    this.input = document.createElement("input");
    this.input.id = id;
    this.input.type = "text";
    this.input.maxLength = 500;
    this.input.placeholder = "Describe the image for people who can't see it";
    const save = document.createElement("button");
    save.type = "button";
    save.textContent = "Save";
    const hint = document.createElement("p");
    hint.textContent = "Enter saves · Esc returns to the text · empty: decorative";
    this.panel.append(label, this.input, save, hint);
    quill.container.appendChild(this.panel);

    quill.on("selection-change", (range: KeyRange | null) => {
      // Focus moving into the panel deselects the editor (range null): keep the panel open then.
      if (range === null && this.panel.contains(document.activeElement)) return;
      if (range && this.imageAt(range)) this.open(range.index);
      else this.close();
    });
    quill.on("text-change", () => {
      if (this.image !== null && !this.panel.contains(document.activeElement)) this.close();
    });
    quill.root.addEventListener("click", (event) => {
      const target = event.target;
      if (!(target instanceof HTMLImageElement) || !quill.isEnabled()) return;
      const blot = (quill.constructor as typeof Quill).find(target);
      if (blot && !(blot instanceof (quill.constructor as typeof Quill))) quill.setSelection(quill.getIndex(blot), 1, "user");
    });
    // Capture phase, ahead of Quill's keyboard module, so Enter never replaces the selected image.
    quill.root.addEventListener(
      "keydown",
      (event) => {
        if (event.key !== "Enter" || !event.altKey) return;
        const range = quill.getSelection();
        if (!range || !this.imageAt(range)) return;
        event.preventDefault();
        event.stopPropagation();
        this.open(range.index);
        this.input.focus();
      },
      true,
    );
    this.input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        this.save();
      } else if (event.key === "Escape") {
        event.preventDefault();
        this.backToText();
      }
    });
    save.addEventListener("click", () => this.save());
  }

  private imageAt(range: KeyRange): boolean {
    if (range.length !== 1 || !this.quill.isEnabled()) return false;
    const [op] = this.quill.getContents(range.index, 1).ops;
    return typeof op?.insert === "object" && op.insert !== null && "image" in op.insert;
  }

  private open(index: number): void {
    this.image?.release();
    this.image = trackRange(this.quill, { index, length: 1 });
    const alt = this.quill.getFormat(index, 1).alt;
    this.input.value = typeof alt === "string" ? alt : "";
    this.panel.hidden = false;
    this.place(index);
  }

  private close(): void {
    // Called on every selection change: an unchanged panel is not written to (no style work).
    if (this.image === null && this.panel.hidden) return;
    this.image?.release();
    this.image = null;
    this.panel.hidden = true;
  }

  private save(): void {
    const image = this.image?.get();
    if (!image) return;
    // Deleted meanwhile (by someone else): nothing left to describe.
    if (image.length === 0) return this.backToText(image.index);
    const alt = this.input.value.trim();
    this.quill.formatText(image.index, 1, "alt", alt === "" ? false : alt, "user");
    this.backToText(image.index + 1);
  }

  /** Returns the focus to the editor: just after the image (saved) or with it selected (Escape). */
  private backToText(caret?: number): void {
    const image = this.image?.get();
    const index = image && image.length > 0 ? image.index : null;
    this.close();
    this.quill.focus();
    if (caret !== undefined) this.quill.setSelection(caret, 0, "user");
    else if (index !== null) this.quill.setSelection(index, 1, "silent");
  }

  /** Under the image, or above it when below would leave the window; never past the editor's sides. */
  private place(index: number): void {
    const bounds = this.quill.getBounds(index, 1);
    if (!bounds) return;
    const containerRect = this.quill.container.getBoundingClientRect();
    const width = Math.min(360, containerRect.width - 16);
    this.panel.style.width = `${width}px`;
    this.panel.style.left = `${Math.max(8, Math.min(bounds.left, containerRect.width - width - 8))}px`;
    const below = bounds.bottom + 8;
    const height = this.panel.offsetHeight || 96;
    const fitsBelow = containerRect.top + below + height <= window.innerHeight;
    this.panel.style.top = `${fitsBelow || bounds.top - height - 8 < 0 ? below : bounds.top - height - 8}px`;
  }
}
