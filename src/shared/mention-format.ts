import type { MentionValue } from "./mentions";
import { MENTION_EMBED, mentionText, mentionValueOf } from "./mentions";

/** The current name of a member by user id; null or undefined when the reader doesn't know them. */
export type MentionNameLookup = (userId: string) => string | null | undefined;

const GUARD = /\uFEFF/g; // Quill's embed guards (quill/blots/embed.js) around the shown text

/**
 * Registers the `mention` embed on a Quill (the browser's, or the server host's in its jsdom
 * realm: everything comes from that Quill, nothing DOM-bound is imported here). It renders
 * `<span class="mention" data-user-id="…" data-name="…" contenteditable="false">@Name</span>`:
 * one character of the document, never split or typed into (Quill's Embed blot puts the text in
 * a contenteditable=false span between two guard characters), deleted whole.
 *
 * `currentName` gives the name shown: the member's current one when the reader knows them,
 * else the name stored in the embed (a removed member, the server's renderer). `data-name`
 * keeps the stored name so that reading the blot back (getContents, copy and paste) yields the
 * stored value, whatever is shown; a span without it (an exported file) gives its text.
 */
export function registerMentionFormat(Quill: QuillLike, currentName: MentionNameLookup = () => null): void {
  const Embed = Quill.import("blots/embed") as EmbedStatics;
  class MentionBlot extends Embed {
    static blotName = MENTION_EMBED;
    static tagName = "SPAN";
    static className = "mention";

    static override create(value: unknown): HTMLElement {
      const node = super.create(value);
      const mention = mentionValueOf({ [MENTION_EMBED]: value }) ?? { id: "", name: "" };
      node.setAttribute("data-user-id", mention.id);
      node.setAttribute("data-name", mention.name);
      node.setAttribute("contenteditable", "false");
      node.textContent = mentionText(mention, mention.id ? currentName(mention.id) : null);
      return node;
    }

    static override value(node: HTMLElement): MentionValue {
      const stored = node.getAttribute("data-name");
      const shown = (node.textContent ?? "").replace(GUARD, "").replace(/^@/, "");
      return { id: node.getAttribute("data-user-id") ?? "", name: stored ?? shown };
    }
  }
  Quill.register({ [`formats/${MENTION_EMBED}`]: MentionBlot }, true);
}

interface QuillLike {
  import(path: string): unknown;
  register(targets: Record<string, unknown>, overwrite?: boolean): void;
}

interface EmbedStatics {
  new (...args: never[]): object;
  create(value: unknown): HTMLElement;
  value(node: HTMLElement): unknown;
}
