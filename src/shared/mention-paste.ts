import { MENTION_EMBED, mentionValueOf } from "./mentions";

/** A delta as a clipboard matcher gets it (from whichever realm's Quill). */
interface MatcherDelta {
  ops: { insert?: unknown; attributes?: Record<string, unknown> }[];
}
type Matcher = (node: Node, delta: MatcherDelta) => MatcherDelta;

/**
 * Clipboard matchers for mentions, for the editor's paste and the server's HTML import alike.
 * Quill's own blot matcher already reads `<span class="mention" data-user-id="…">@Name</span>`
 * (an exported HTML file, or a copy from another document) into a mention embed through the
 * blot's value(); this one turns a span it can't read as a mention (no or a malformed user id)
 * back into its text, so nothing is lost and no malformed embed reaches the document.
 */
export function mentionPasteMatchers(): [string, Matcher][] {
  return [
    ["span.mention", (node, delta) => {
      const ops = delta.ops.map((op) => {
        if (typeof op.insert !== "object" || op.insert === null || !(MENTION_EMBED in op.insert)) return op;
        if (mentionValueOf(op.insert)) return op;
        const text = (node.textContent ?? "").replace(/\uFEFF/g, "");
        return op.attributes ? { insert: text, attributes: op.attributes } : { insert: text };
      });
      delta.ops.splice(0, delta.ops.length, ...ops.filter((op) => op.insert !== ""));
      return delta;
    }],
  ];
}
