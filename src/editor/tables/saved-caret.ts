import type Quill from "quill";
import type { Range } from "quill";
import type { TrackedRange } from "@/editor/tracked-range";
import { trackRange } from "@/editor/tracked-range";

/**
 * Where the caret was when the table's size picker or menu took the focus. A co-editor may type
 * above it while the focus is there: it is followed (tracked-range.ts), so the table and the
 * commands land where the caret was, not on the number it was.
 */
export class SavedCaret {
  private saved: TrackedRange | null = null;

  constructor(private readonly quill: Quill) {}

  /** Where the saved caret is now, moved past the edits made since; null when none is saved. */
  get(): Range | null {
    return this.saved?.get() ?? null;
  }

  /** Saves `range` (or forgets the saved caret, for null), no longer following the one saved before. */
  set(range: Range | null): void {
    this.saved?.release();
    this.saved = range ? trackRange(this.quill, range) : null;
  }

  /** Gives the text the focus back, with the caret where it was saved. */
  restore(): void {
    this.quill.focus();
    const range = this.get();
    if (range) this.quill.setSelection(range, "silent");
  }
}
