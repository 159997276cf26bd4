import type Quill from "quill";

/**
 * The small "Comment" button that appears by a selection (docs/product.md "Comments"). It sits in
 * the editor's container, just below the selection's end, and hides when the selection collapses
 * or leaves the editor (unless the focus went to the button itself).
 */
export class SelectionButton {
  readonly button: HTMLButtonElement;

  constructor(
    private readonly quill: Quill,
    onComment: () => void,
  ) {
    this.button = document.createElement("button");
    this.button.type = "button";
    this.button.className = "comment-selection-button";
    this.button.textContent = "Comment";
    this.button.title = "Comment (Ctrl+Alt+M)";
    this.button.hidden = true;
    // Keep the selection: a mousedown on the button would otherwise move it.
    this.button.addEventListener("mousedown", (event) => event.preventDefault());
    this.button.addEventListener("click", onComment);
    quill.container.append(this.button);
  }

  /** Shows the button below the range, or hides it (null, or a collapsed range). */
  place(range: { index: number; length: number } | null): void {
    if (!range || range.length === 0) {
      if (document.activeElement !== this.button) this.button.hidden = true;
      return;
    }
    const bounds = this.quill.getBounds(range.index, range.length);
    if (!bounds) return;
    this.button.hidden = false;
    const width = this.quill.container.clientWidth;
    this.button.style.top = `${bounds.bottom + 6}px`;
    this.button.style.left = `${Math.max(0, Math.min(bounds.right - 40, width - 96))}px`;
  }

  isShown(): boolean {
    return !this.button.hidden;
  }

  hide(): void {
    this.button.hidden = true;
  }

  destroy(): void {
    this.button.remove();
  }
}
