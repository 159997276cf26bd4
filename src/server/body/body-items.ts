import * as Y from "yjs";
import { cleanString, sameEmbedValue } from "./editor-formats";
import { sanitizeAttribute, sanitizeEmbed } from "./sanitize-delta";

/**
 * Item-level rules for a document's Yjs state. y-quill keeps Quill's ops in a Y.Text as three
 * kinds of items: strings, embeds (`{ image }`, `{ formula }`) and format markers (`{ key, value }`
 * at each place an attribute starts or, with value null, ends). Every attribute and embed the body
 * can ever show comes from one such item, so checking each item as it arrives is enough.
 */

/** What one item means for safety: fine, fixable by the sanitiser, or not a Quill body at all. */
export type ItemVerdict = "ok" | "unsafe" | "foreign";

/** Judges one item's content by itself, wherever it sits. */
export function judgeContent(content: Y.Item["content"]): ItemVerdict {
  if (content instanceof Y.ContentDeleted) return "ok";
  if (content instanceof Y.ContentString) return judgeString(content.str);
  if (content instanceof Y.ContentFormat) return judgeFormat(content.key, content.value);
  if (content instanceof Y.ContentEmbed) return judgeEmbed(content.embed);
  return "foreign"; // nested types, JSON, binary, subdocuments: y-quill never writes them
}

/** Judges a text item's string. */
export function judgeString(str: string): ItemVerdict {
  return cleanString(str) === str ? "ok" : "unsafe";
}

/** Judges a format marker: a null value closes an attribute's range; any other value must survive the sanitiser as is. */
export function judgeFormat(key: string, value: unknown): ItemVerdict {
  return value === null || sanitizeAttribute(key, value) === value ? "ok" : "unsafe";
}

/** Judges an embed's value. */
export function judgeEmbed(embed: unknown): ItemVerdict {
  return sameEmbed(embed) ? "ok" : "unsafe";
}

/**
 * The items `doc` integrated since `before`, merged items included whole. `before` maps each
 * client to look at to its clock then; clients it doesn't name are not looked at.
 */
export function* itemsSince(doc: Y.Doc, before: Map<number, number>): Generator<Y.Item> {
  for (const [client, clock] of before) {
    const structs = doc.store.clients.get(client);
    const last = structs?.at(-1);
    if (!structs || !last || last.id.clock + last.length <= clock) continue;
    for (let index = Y.findIndexSS(structs, clock); index < structs.length; index += 1) {
      const struct = structs[index];
      if (struct instanceof Y.Item) yield struct;
    }
  }
}

/** The name of the root type `item` belongs to, and whether it sits directly in that root. */
export function rootOf(item: Y.Item): { name: string | null; isDirectChild: boolean } {
  let type = item.parent;
  let isDirectChild = true;
  while (type instanceof Y.AbstractType && type._item !== null) {
    type = type._item.parent;
    isDirectChild = false;
  }
  return { name: type instanceof Y.AbstractType ? Y.findRootTypeKey(type) : null, isDirectChild };
}

/** Judges every struct of an encoded update by content alone (for structs whose parent is unknown). */
export function judgeUpdate(update: Uint8Array, encoding: "v1" | "v2"): ItemVerdict {
  const { structs } = encoding === "v1" ? Y.decodeUpdate(update) : Y.decodeUpdateV2(update);
  let verdict: ItemVerdict = "ok";
  for (const struct of structs) {
    if (!(struct instanceof Y.Item)) continue;
    const judged = judgeContent(struct.content);
    if (judged === "foreign") return "foreign";
    if (judged === "unsafe") verdict = "unsafe";
  }
  return verdict;
}

function sameEmbed(embed: unknown): boolean {
  const safe = sanitizeEmbed(embed);
  if (!safe || typeof embed !== "object" || embed === null) return false;
  const [name] = Object.keys(safe);
  return name !== undefined && Object.keys(embed).length === 1 && sameEmbedValue((embed as Record<string, unknown>)[name], safe[name]);
}
