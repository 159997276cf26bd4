import type Quill from "quill";
import type { AnchorRange } from "@/shared/comments/anchors";

/** A range to draw, and which thread it belongs to. */
export interface Highlight {
  threadId: string;
  range: AnchorRange;
}

/**
 * Draws comment highlights as boxes in a layer over the editor's text (pointer-events: none),
 * never as formats in the body: the delta, and so exports, revisions, search and published
 * pages, never hold a comment (docs/product.md "Comments"). The boxes are the text's own client
 * rects, taken from a DOM Range over Quill's leaves, redrawn when the text, its width or the set
 * of highlights changes.
 */
export class HighlightLayer {
  private readonly layer: HTMLDivElement;
  private highlights: Highlight[] = [];
  private activeId: string | null = null;
  private frame = 0;
  private readonly observer: ResizeObserver;

  constructor(private readonly quill: Quill) {
    this.layer = document.createElement("div");
    this.layer.className = "comment-highlights";
    this.layer.setAttribute("aria-hidden", "true");
    quill.container.append(this.layer);
    quill.on("editor-change", this.schedule);
    this.observer = new ResizeObserver(this.schedule);
    this.observer.observe(quill.root);
  }

  set(highlights: Highlight[], activeId: string | null): void {
    this.highlights = highlights;
    this.activeId = activeId;
    this.schedule();
  }

  /** The highlight's first box, to scroll to. */
  boxOf(threadId: string): HTMLElement | null {
    return this.layer.querySelector<HTMLElement>(`[data-thread-id="${CSS.escape(threadId)}"]`);
  }

  destroy(): void {
    cancelAnimationFrame(this.frame);
    this.quill.off("editor-change", this.schedule);
    this.observer.disconnect();
    this.layer.remove();
  }

  /** Draws now (tests and scrolling need the boxes where the text is at this moment). */
  draw = (): void => {
    this.frame = 0;
    const origin = this.quill.container.getBoundingClientRect();
    const boxes: HTMLElement[] = [];
    for (const { threadId, range } of this.highlights) {
      for (const rect of this.rectsOf(range)) {
        const box = document.createElement("div");
        box.className = threadId === this.activeId ? "comment-highlight comment-highlight-active" : "comment-highlight";
        box.dataset.threadId = threadId;
        box.style.left = `${rect.left - origin.left}px`;
        box.style.top = `${rect.top - origin.top}px`;
        box.style.width = `${rect.width}px`;
        box.style.height = `${rect.height}px`;
        boxes.push(box);
      }
    }
    this.layer.replaceChildren(...boxes);
  };

  private schedule = (): void => {
    if (!this.frame) this.frame = requestAnimationFrame(this.draw);
  };

  private rectsOf(range: AnchorRange): DOMRect[] {
    const length = this.quill.getLength();
    const from = Math.min(range.index, length - 1);
    const to = Math.min(range.index + range.length, length - 1);
    if (to <= from) return [];
    const [startLeaf, startOffset] = this.quill.getLeaf(from);
    const [endLeaf, endOffset] = this.quill.getLeaf(to);
    if (!startLeaf || !endLeaf) return [];
    try {
      const dom = document.createRange();
      const [startNode, startAt] = startLeaf.position(startOffset, false);
      const [endNode, endAt] = endLeaf.position(endOffset, true);
      dom.setStart(startNode, startAt);
      dom.setEnd(endNode, endAt);
      // Line boxes of empty width (a range ending at a line's start) draw nothing.
      return Array.from(dom.getClientRects()).filter((rect) => rect.width > 1 && rect.height > 0);
    } catch {
      return []; // the text changed under a scheduled draw; the next one has it
    }
  }
}
