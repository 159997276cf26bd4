import Delta from "quill-delta";
import * as Y from "yjs";
import { describe, expect, it } from "vitest";
import { deletedTextPlace, encodeAnchor, resolveAnchor } from "./anchors";
import { findWordsBack, insertedRanges, quotableText } from "./words-back";

/** A body with a thread on `quote` at `index`, then `deleted` characters from `from` deleted. */
function threadOnDeletedWords(text: string, index: number, quote: string, from = index, deleted = quote.length) {
  const doc = new Y.Doc();
  const body = doc.getText("body");
  body.insert(0, text);
  const anchor = encodeAnchor(body, { index, length: quote.length });
  body.delete(from, deleted);
  expect(resolveAnchor(doc, body, anchor)).toBeNull();
  /** Applies `change` (as Quill's undo sends it) and looks for the words. */
  const apply = (change: Delta) => {
    body.applyDelta(change.ops);
    return findWordsBack(quotableText(body), quote.replace(/\s+/g, " "), insertedRanges(change), deletedTextPlace(doc, body, anchor));
  };
  return { body, apply };
}

describe("findWordsBack", () => {
  it("finds a thread's words when an undo puts them back", () => {
    const { apply } = threadOnDeletedWords("Hello brave world", 6, "brave");
    expect(apply(new Delta().retain(6).insert("brave"))).toEqual({ index: 6, length: 5 });
  });

  it("finds words in the middle of a longer deletion undone, and a quote kept on one line", () => {
    const { apply } = threadOnDeletedWords("Intro. One\ntwo three. End", 7, "One\ntwo", 5, 15);
    expect(apply(new Delta().retain(5).insert(". One\ntwo three"))).toEqual({ index: 7, length: 7 });
  });

  it("takes the copy nearest where the words stood, after changes before them", () => {
    const { body, apply } = threadOnDeletedWords("a b brave c brave d", 12, "brave");
    body.insert(0, "Oh, ");
    expect(apply(new Delta().retain(4).insert("brave ").retain(12).insert("brave"))).toEqual({ index: 22, length: 5 });
  });

  it("does not take other words, or words the change did not insert", () => {
    const { apply } = threadOnDeletedWords("Hello brave world, brave", 6, "brave");
    expect(apply(new Delta().retain(6).insert("bold!"))).toBeNull();
    expect(apply(new Delta().retain(1).insert("x"))).toBeNull();
  });

  it("never matches a shortened quote, and counts an embed as one character", () => {
    const text = quotableText(Object.assign(new Y.Doc().getText("body"), {}));
    expect(findWordsBack(text, `${"x".repeat(499)}…`, [{ start: 0, end: 600 }], null)).toBeNull();
    const doc = new Y.Doc();
    const body = doc.getText("body");
    body.insert(0, "a");
    body.insertEmbed(1, { image: "/x.png" });
    body.insert(2, " brave  new");
    expect(findWordsBack(quotableText(body), "brave new", [{ start: 0, end: 13 }], null)).toEqual({ index: 3, length: 10 });
    expect(insertedRanges(new Delta().retain(2).insert({ image: "/x.png" }).insert("ab"))).toEqual([
      { start: 2, end: 3 },
      { start: 3, end: 5 },
    ]);
  });
});
