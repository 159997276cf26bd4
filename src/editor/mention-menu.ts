import type Quill from "quill";
import type { Range } from "quill";
import Delta from "quill-delta";
import { MENTION_EMBED } from "@/shared/mentions";
import { lineText } from "./line-text";
import type { MentionChoice } from "./mention-items";
import { isMentionStart } from "./mention-items";
import { MentionPicker } from "./mention-picker";

export interface MentionMenuOptions {
  /** The workspace whose documents are offered; null offers members only. */
  workspaceId: string | null;
}

interface LineBlot {
  formats(): Record<string, unknown>;
}

/**
 * Where a change typed one "@" (and nothing else but a replaced selection): its index, else null.
 * Looks at the change's own ops only (two or three for a keystroke), never at the document.
 */
export function typedAtIndex(delta: Delta): number | null {
  let index = 0;
  let at: number | null = null;
  for (const op of delta.ops) {
    if (typeof op.retain === "number") {
      if (at !== null) return null; // something after the "@" too
      index += op.retain;
    } else if (op.insert !== undefined) {
      if (op.insert !== "@" || at !== null || op.attributes?.code) return null;
      at = index;
    } else if (op.delete === undefined) {
      return null;
    }
  }
  return at;
}

/**
 * The "@" picker in the document editor (docs/product.md "Mentions"): "@" typed at a word's
 * start opens a list of members (then documents) at the caret; what follows filters it; a
 * member becomes a mention embed, a document its title linked to its page, each followed by a
 * space. Editors only: createEditor leaves the module out of a read-only editor.
 *
 * Cost per keystroke while closed: the change's own ops (typedAtIndex: two or three), and only
 * when they typed an "@", the text before the caret on its line. While open, each change reads
 * the picker's line up to the caret. Never the document (measured in mention-menu.test.ts).
 */
export class MentionMenuModule {
  static readonly DEFAULTS: MentionMenuOptions = { workspaceId: null };

  private readonly picker: MentionPicker;

  constructor(
    private readonly quill: Quill,
    options: Partial<MentionMenuOptions> = {},
  ) {
    this.picker = new MentionPicker(
      {
        host: quill.root,
        parent: quill.container,
        anchor: (at) => quill.getBounds(at, 1),
        insert: (at, length, choice) => this.insert(at, length, choice),
      },
      options.workspaceId ?? null,
    );
    quill.on("text-change", (delta: Delta, _old: Delta, source: string) => this.onChange(delta, source));
    quill.on("selection-change", (range: Range | null) => {
      if (this.picker.isOpen && range && !this.holdsCaret(range)) this.picker.close();
    });
    quill.root.addEventListener("blur", () => this.picker.close());
    // Capture phase, ahead of Quill's keyboard module (which skips a key whose default is prevented).
    quill.root.addEventListener(
      "keydown",
      (event) => {
        if (!this.picker.handleKey(event)) return;
        event.preventDefault();
        event.stopPropagation();
      },
      true,
    );
  }

  private onChange(delta: Delta, source: string): void {
    const open = this.picker.atIndex;
    // The query's end moves with the change (a key typed at it goes before it), like the "@".
    if (open !== null) return this.follow(delta.transformPosition(open), delta.transformPosition(open + this.picker.typedLength));
    if (source !== "user" || !this.quill.isEnabled()) return;
    const at = typedAtIndex(delta);
    if (at === null) return;
    const [line, offset] = this.quill.getLine(at);
    if (!line || (line as unknown as LineBlot).formats()["code-block"]) return;
    const text = lineText(line);
    if (text === null || !isMentionStart(text[offset - 1])) return;
    this.picker.update(at, "");
  }

  /** After a change while open: the "@" must still start what is typed up to `end` (the caret), on its line. */
  private follow(at: number, end: number): void {
    const [line, offset] = this.quill.getLine(at);
    const text = line ? lineText(line) : null;
    const caret = end;
    if (text === null || text[offset] !== "@" || caret <= at) return this.picker.close();
    this.picker.moveTo(at);
    this.picker.update(at, text.slice(offset + 1, offset + (caret - at)));
  }

  /** Whether the caret is still after the "@" on its line (a keystroke's selection-change can come before its text-change). */
  private holdsCaret(range: Range): boolean {
    const at = this.picker.atIndex;
    if (range.length !== 0 || at === null || range.index <= at) return false;
    const [, offset] = this.quill.getLine(range.index);
    return range.index - offset <= at;
  }

  /** Replaces the typed "@…" by the choice and a space, as its own undo step. */
  private insert(at: number, length: number, choice: MentionChoice): void {
    this.quill.history.cutoff();
    const delta = new Delta().retain(at).delete(length);
    const inserted =
      choice.kind === "member"
        ? delta.insert({ [MENTION_EMBED]: { id: choice.member.id, name: choice.member.name } }).insert(" ")
        : delta.insert(choice.document.title || "Untitled", { link: choice.document.url }).insert(" ");
    this.quill.updateContents(inserted, "user");
    this.quill.history.cutoff();
    const size = choice.kind === "member" ? 1 : (choice.document.title || "Untitled").length;
    this.quill.setSelection(at + size + 1, 0, "silent");
  }
}
