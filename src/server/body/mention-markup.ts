import type { MentionNameLookup } from "@/shared/mention-format";
import { mentionText } from "@/shared/mentions";
import type { BodyDelta } from "./sanitize-delta";
import { mentionValueOf } from "@/shared/mentions";

/**
 * A mention exactly as the renderer writes it (shared/mention-format.ts under Quill's Embed
 * blot, then the allow-list's stable serialisation): the stored HTML is ours, so this one shape
 * is all there is. Groups: user id, stored name (escaped), shown text (escaped).
 */
const RENDERED_MENTION =
  /<span class="mention" data-user-id="([\w-]+)" data-name="([^"]*)" contenteditable="false">\uFEFF<span contenteditable="false">([^<]*)<\/span>\uFEFF<\/span>/g;

/** How a mention is written where the stored HTML is shown or exported. */
export type MentionMarkup =
  /** The editor's own markup, only the shown name replaced (the document page before the editor loads). */
  | "editor"
  /** `<span class="mention" data-user-id="…">@Name</span>`: an exported HTML file, which import reads back. */
  | "export"
  /** `<span class="mention">@Name</span>`: a published page, which shows no user id. */
  | "published";

/**
 * Rewrites the mentions of stored body HTML to show each member's current name (`currentName`;
 * the stored name for someone it doesn't know) in the given markup. One pass over the string.
 */
export function showMentionNames(html: string, currentName: MentionNameLookup, markup: MentionMarkup): string {
  if (!html.includes('class="mention"')) return html;
  return html.replace(RENDERED_MENTION, (whole, id: string, storedName: string) => {
    const shown = escapeHtml(mentionText({ id, name: unescapeHtml(storedName) }, currentName(id)));
    if (markup === "editor") return whole.replace(/<span contenteditable="false">[^<]*<\/span>/, `<span contenteditable="false">${shown}</span>`);
    if (markup === "export") return `<span class="mention" data-user-id="${id}">${shown}</span>`;
    return `<span class="mention">${shown}</span>`;
  });
}

/**
 * The delta with every mention as the text "@Name" (the current name when known), keeping its
 * inline formats: Markdown and Word have no mentions, and write it as text (Markdown import
 * leaves it text).
 */
export function mentionsAsText(delta: BodyDelta, currentName: MentionNameLookup): BodyDelta {
  return {
    ops: delta.ops.map((op) => {
      const mention = mentionValueOf(op.insert);
      if (!mention) return op;
      const insert = mentionText(mention, currentName(mention.id));
      return op.attributes ? { insert, attributes: op.attributes } : { insert };
    }),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/\u00a0/g, "&nbsp;");
}

function unescapeHtml(text: string): string {
  return text.replace(/&(lt|gt|quot|nbsp|amp);/g, (_whole, name: string) => ({ lt: "<", gt: ">", quot: '"', nbsp: "\u00a0", amp: "&" })[name] ?? "");
}
