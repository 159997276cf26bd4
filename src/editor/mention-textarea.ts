import type { MentionValue } from "@/shared/mentions";
import { mentionText } from "@/shared/mentions";
import type { MentionChoice } from "./mention-items";
import { isMentionStart } from "./mention-items";
import { MentionPicker } from "./mention-picker";

/**
 * The "@" picker in a plain textarea (the comment composer, docs/product.md "Mentions"): the
 * same picker as the editor's (MentionPicker), fed from the textarea's input. A member is
 * written as "@Name" and remembered in `picked`, which parseCommentMarkup turns into mention ops
 * on sending; a document as the Markdown link the composer already understands.
 *
 * Cost per keystroke while closed: two characters before the caret.
 */
export class TextareaMentions {
  readonly picker: MentionPicker;
  private picked: MentionValue[] = [];

  constructor(
    private readonly textarea: HTMLTextAreaElement,
    /** An empty, positioned element right after the textarea: the popup goes in it, above or below the textarea. */
    parent: HTMLElement,
    workspaceId: string | null,
    /** Sets the textarea's text and caret (a controlled React textarea re-renders with it). */
    private readonly onInsert: (value: string, caret: number) => void,
  ) {
    this.picker = new MentionPicker(
      {
        host: textarea,
        parent,
        // The textarea's box: parent sits right under it.
        anchor: () => ({ top: -textarea.offsetHeight, bottom: 0, left: 0 }),
        insert: (at, length, choice) => this.insert(at, length, choice),
      },
      workspaceId,
    );
  }

  /** The members picked so far, and any the edited comment already mentioned. */
  get mentions(): readonly MentionValue[] {
    return this.picked;
  }

  set mentions(list: readonly MentionValue[]) {
    this.picked = [...list];
  }

  /** After each input event: opens on an "@" typed at a word's start, follows the query, or closes. */
  onInput(event: Event): void {
    const { value, selectionStart: caret, selectionEnd } = this.textarea;
    if (caret !== selectionEnd) return this.picker.close();
    const at = this.picker.atIndex;
    if (at !== null) {
      const query = value.slice(at + 1, caret);
      if (value[at] !== "@" || caret <= at || query.includes("\n")) return this.picker.close();
      return this.picker.update(at, query);
    }
    const typed = (event as InputEvent).data;
    if (typed === "@" && value[caret - 1] === "@" && isMentionStart(value[caret - 2])) this.picker.update(caret - 1, "");
  }

  /** Keys of the open picker; true when it took the key (the caller stops it there). */
  onKeyDown(event: KeyboardEvent): boolean {
    return this.picker.handleKey(event);
  }

  destroy(): void {
    this.picker.destroy();
  }

  private insert(at: number, length: number, choice: MentionChoice): void {
    const { value } = this.textarea;
    let text: string;
    if (choice.kind === "member") {
      const mention = { id: choice.member.id, name: choice.member.name };
      this.picked = [...this.picked.filter((picked) => picked.id !== mention.id), mention];
      text = mentionText(mention);
    } else {
      // The composer's link label ends at the first "]" (shared/comments/comment-markup.ts).
      const title = (choice.document.title || "Untitled").replace(/[[\]]/g, "");
      text = `[${title}](${choice.document.url})`;
    }
    const next = `${value.slice(0, at)}${text} ${value.slice(at + length)}`;
    this.onInsert(next, at + text.length + 1);
  }
}
