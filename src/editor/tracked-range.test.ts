import { describe, expect, it } from "vitest";
import { coEditedQuill } from "@test/co-edited-quill";
import { quillInJsdom } from "@test/quill-in-jsdom";
import { followRange, trackRange } from "./tracked-range";

describe("trackRange", () => {
  it("follows a co-editor's text arriving above it, and its own person's edits", async () => {
    const { quill, coEditor } = await coEditedQuill("First paragraph here.\n\nLast paragraph.\n");
    const caret = trackRange(quill, { index: 22, length: 0 }); // the empty line
    coEditor.insert(0, "B-typed-this ");
    expect(quill.getText(0, 13)).toBe("B-typed-this ");
    expect(caret.get()).toEqual({ index: 35, length: 0 });
    quill.deleteText(0, 6, "user");
    expect(caret.get()).toEqual({ index: 29, length: 0 });
    expect(quill.getText(caret.get().index - 1, 2)).toBe("\n\n");
  });

  it("keeps a selection on its own words: text at its edges stays out, text inside widens it", async () => {
    const { quill, coEditor } = await coEditedQuill("Link target word.\n");
    const target = trackRange(quill, { index: 5, length: 6 });
    coEditor.insert(11, "ed"); // right after it
    coEditor.insert(5, "the "); // right before it
    expect(quill.getText(target.get().index, target.get().length)).toBe("target");
    coEditor.insert(12, "-x"); // inside: "the " moved it to 9
    expect(quill.getText(target.get().index, target.get().length)).toBe("tar-xget");
  });

  it("is an empty range where the words were once they are all deleted", async () => {
    const { quill, coEditor } = await coEditedQuill("Link target word.\n");
    const target = trackRange(quill, { index: 5, length: 6 });
    coEditor.delete(3, 10);
    expect(target.get()).toEqual({ index: 3, length: 0 });
  });

  it("keeps a caret before text inserted right at it", () => {
    const { quill } = quillInJsdom();
    quill.setText("ab\n");
    const caret = trackRange(quill, { index: 1, length: 0 });
    quill.insertText(1, "X", "api");
    expect(caret.get()).toEqual({ index: 1, length: 0 });
  });

  it("follows silent changes too, and stops once released", () => {
    const { quill } = quillInJsdom();
    quill.setText("Hello world\n");
    const caret = trackRange(quill, { index: 6, length: 0 });
    quill.insertText(0, "Oh, ", "silent");
    expect(caret.get().index).toBe(10);
    caret.release();
    quill.insertText(0, "So. ", "user");
    expect(caret.get().index).toBe(10);
    caret.set({ index: 2, length: 0 });
    quill.insertText(0, "A", "user");
    expect(caret.get().index).toBe(3);
  });
});

describe("followRange", () => {
  it("moves a range past a change before it and keeps it through a change after it", () => {
    const { Delta } = quillInJsdom();
    expect(followRange({ index: 4, length: 2 }, new Delta().insert("abc"))).toEqual({ index: 7, length: 2 });
    expect(followRange({ index: 4, length: 2 }, new Delta().retain(6).insert("abc"))).toEqual({ index: 4, length: 2 });
    expect(followRange({ index: 4, length: 2 }, new Delta().delete(5))).toEqual({ index: 0, length: 1 });
  });
});
