import type Quill from "quill";
import type Delta from "quill-delta";
import type * as Y from "yjs";
import type { AnchorRange, EncodedAnchor } from "@/shared/comments/anchors";
import { deletedTextPlace, encodeAnchor, resolveAnchor } from "@/shared/comments/anchors";
import { HighlightLayer } from "./highlight-layer";
import type { QuotableText } from "@/shared/comments/words-back";
import { findWordsBack, insertedRanges, quotableText } from "@/shared/comments/words-back";
import { SelectionButton } from "./selection-button";
import { COMMENT_BUTTON_CLASS } from "./toolbar-button";

/** What the comments panel asks to be drawn: open threads with an anchor are highlighted. */
export interface AnchoredThread {
  id: string;
  anchor: EncodedAnchor | null;
  /** The words commented on (normalised, as the server keeps them). */
  quote: string;
  isResolved: boolean;
}

export interface CommentEditorOptions {
  canComment: boolean;
  /** "Comment" was asked for (toolbar, the button by the selection, Ctrl/⌘+Alt+M) on this range. */
  onComment: (range: AnchorRange) => void;
  /** The caret went into a thread's highlighted text. */
  onActivate: (threadId: string) => void;
  /**
   * This person's undo (or typing) brought a thread's deleted words back where they were: store
   * `anchor`, on the words now there. Given only to those who may edit the text.
   */
  onReanchor?: (threadId: string, anchor: EncodedAnchor) => void;
}

/** True for Ctrl+Alt+M (⌘+Option+M on a Mac): by key code, since Option changes the character typed. */
export function isCommentShortcut(event: KeyboardEvent): boolean {
  return event.code === "KeyM" && event.altKey && (event.ctrlKey || event.metaKey) && !event.shiftKey;
}

/**
 * The editor's half of comments: anchors (Yjs relative positions in the body), the highlight
 * layer, the "Comment" button by a selection, the toolbar's button and the keyboard shortcut.
 * Built on a live editor (components/document-editor.tsx's EditorHandle); nothing of it enters
 * the document.
 */
export class CommentEditor {
  private readonly highlights: HighlightLayer;
  private readonly selectionButton: SelectionButton | null;
  private lastRange: AnchorRange | null = null;
  private threads: AnchoredThread[] = [];
  private activeId: string | null = null;
  private readonly listeners = new Set<() => void>();
  private version = 0;
  /** The threads' order in the text and which are on deleted text, as last told to subscribers. */
  private placement = "";
  private readonly cleanups: Array<() => void> = [];

  constructor(
    private readonly quill: Quill,
    private readonly doc: Y.Doc,
    private readonly body: Y.Text,
    private readonly options: CommentEditorOptions,
  ) {
    this.highlights = new HighlightLayer(quill);
    this.selectionButton = options.canComment ? new SelectionButton(quill, () => this.requestComment()) : null;
    const onSelection = (range: AnchorRange | null) => {
      if (range) this.lastRange = range;
      this.selectionButton?.place(range);
      if (range && range.length === 0) this.activateAt(range.index);
    };
    const onText = (change: Delta, _old: Delta, source: string) => {
      // Only a shown button moves with the text: asking Quill for the selection walks the lines
      // before the caret, too much to do on every keystroke of a long document.
      if (this.selectionButton?.isShown()) this.selectionButton.place(quill.getSelection());
      this.redraw(source === "user" ? change : null);
    };
    quill.on("selection-change", onSelection);
    quill.on("text-change", onText);
    this.cleanups.push(() => quill.off("selection-change", onSelection), () => quill.off("text-change", onText));
    // This controller is loaded after the editor: text selected before it came still gets its
    // Comment button (an e2e run on a busy machine selected first and never saw it).
    const selected = quill.getSelection();
    if (selected && selected.length > 0) onSelection(selected);
    if (options.canComment) {
      // On the document, not Quill's root: a read-only body (a commenter's) can't take focus, so
      // after selecting in it with the mouse the keys go to the page's body.
      const onKey = (event: KeyboardEvent) => {
        if (!isCommentShortcut(event) || !this.isSelectingHere(event)) return;
        event.preventDefault();
        event.stopPropagation();
        this.requestComment();
      };
      document.addEventListener("keydown", onKey, true);
      this.cleanups.push(() => document.removeEventListener("keydown", onKey, true));
      const toolbar = (quill.getModule("toolbar") as { container?: HTMLElement } | undefined)?.container;
      const button = toolbar?.querySelector<HTMLButtonElement>(`.${COMMENT_BUTTON_CLASS}`);
      if (button) {
        const onClick = () => this.requestComment();
        button.addEventListener("click", onClick);
        this.cleanups.push(() => button.removeEventListener("click", onClick));
      }
    }
  }

  /** The threads to highlight and the one shown as active. */
  setThreads(threads: AnchoredThread[], activeId: string | null): void {
    this.threads = threads;
    this.activeId = activeId;
    this.redraw(null);
  }

  /** Where a thread's text is now; null when it was deleted (or the thread is on the whole document). */
  rangeOf(anchor: EncodedAnchor | null): AnchorRange | null {
    return anchor ? resolveAnchor(this.doc, this.body, anchor) : null;
  }

  /** The anchor and quote for a new thread on `range`. */
  anchorFor(range: AnchorRange): { anchor: EncodedAnchor; quote: string } {
    return { anchor: encodeAnchor(this.body, range), quote: this.quill.getText(range.index, range.length) };
  }

  /** Scrolls the thread's text into view (the panel's "go to text"). */
  reveal(threadId: string): void {
    this.highlights.draw();
    this.highlights.boxOf(threadId)?.scrollIntoView({ block: "center", behavior: "smooth" });
  }

  /** Puts the caret back in the text (Escape from the composer), on `range` when given. */
  focus(range?: AnchorRange | null): void {
    this.quill.focus();
    const target = range ?? this.lastRange;
    if (target) this.quill.setSelection(target.index, target.length, "silent");
  }

  /**
   * Changes when the threads' order in the text, or which of them are on deleted text, does: the
   * panel re-reads placements then, not on every keystroke (a React render of the document page
   * per keystroke cost more than Quill's own work, docs/benchmarks.md "Where a keystroke's time goes").
   */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  destroy(): void {
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.highlights.destroy();
    this.selectionButton?.destroy();
    this.listeners.clear();
  }

  private isSelectingHere(event: KeyboardEvent): boolean {
    const target = event.target instanceof Node ? event.target : null;
    if (target && this.quill.root.contains(target)) return true;
    const selection = document.getSelection();
    return (target === document.body || target === null) && selection !== null && selection.rangeCount > 0 && this.quill.root.contains(selection.anchorNode);
  }

  private requestComment(): void {
    const range = this.quill.getSelection() ?? this.lastRange;
    if (!range || range.length === 0) return;
    this.selectionButton?.hide();
    this.options.onComment(range);
  }

  /**
   * Highlights the open threads' text. After this person's own change (`ownChange`: their undo,
   * a redo, the words pasted or typed again) a thread on deleted text whose words that change put
   * back is anchored to them (shared/comments/words-back.ts); only the person who made the
   * change stores it, so the others watching don't send the same anchor again. Typing costs one
   * comparison per thread on deleted text: a change shorter than a quote can't hold it.
   */
  private redraw(ownChange: Delta | null): void {
    const highlights: Array<{ threadId: string; range: AnchorRange }> = [];
    const inserted = ownChange && this.options.onReanchor ? insertedRanges(ownChange) : [];
    const insertedLength = inserted.reduce((sum, range) => sum + range.end - range.start, 0);
    const places: Array<{ id: string; index: number }> = [];
    let text: QuotableText | null = null;
    for (const thread of this.threads) {
      if (!thread.anchor) continue;
      let range = this.rangeOf(thread.anchor);
      if (!range && !thread.isResolved && thread.quote.length > 0 && thread.quote.length <= insertedLength) {
        const place = deletedTextPlace(this.doc, this.body, thread.anchor);
        text ??= quotableText(this.body);
        range = findWordsBack(text, thread.quote, inserted, place);
        if (range) this.reanchor(thread.id, range);
      }
      if (range && !thread.isResolved) highlights.push({ threadId: thread.id, range });
      places.push({ id: thread.id, index: range ? range.index : -1 });
    }
    this.highlights.set(highlights, this.activeId);
    const placement = places
      .sort((a, b) => a.index - b.index)
      .map((p) => `${p.id}${p.index < 0 ? "-" : ""}`)
      .join(" ");
    if (placement !== this.placement) {
      this.placement = placement;
      this.changed();
    }
  }

  private reanchor(threadId: string, range: AnchorRange): void {
    const anchor = encodeAnchor(this.body, range);
    // Shown on its words at once; the stored anchor follows through the panel's next read.
    this.threads = this.threads.map((thread) => (thread.id === threadId ? { ...thread, anchor } : thread));
    this.options.onReanchor?.(threadId, anchor);
  }

  private activateAt(index: number): void {
    for (const thread of this.threads) {
      if (thread.isResolved || thread.id === this.activeId) continue;
      const range = this.rangeOf(thread.anchor);
      if (range && index >= range.index && index <= range.index + range.length) return this.options.onActivate(thread.id);
    }
  }

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}
