import * as Y from "yjs";
import { BODY_YTEXT } from "@/shared/editor-rules";
import { mentionValueOf } from "@/shared/mentions";

/**
 * The people a document's body mentions (shared/mentions.ts), read off the Y.Text's items:
 * only embeds are looked at, and no delta or string is built, so a store of a long body without
 * mentions costs one walk of its item list (measured in docs/benchmarks.md "Notifications").
 */
export function bodyMentionIds(doc: Y.Doc): Set<string> {
  const ids = new Set<string>();
  let item = doc.getText(BODY_YTEXT)._start;
  while (item) {
    if (!item.deleted && item.content instanceof Y.ContentEmbed) {
      const mention = mentionValueOf(item.content.embed);
      if (mention) ids.add(mention.id);
    }
    item = item.right;
  }
  return ids;
}
