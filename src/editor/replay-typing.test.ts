import { quillInJsdom } from "@test/quill-in-jsdom";
import { describe, expect, it } from "vitest";
import { replayTyping } from "./replay-typing";

type Ops = Array<{ insert: string | Record<string, unknown>; attributes?: Record<string, unknown> }>;

/** A live editor holding `ops`, as y-quill leaves it after loading the document. */
function editorWith(ops: Ops) {
  const editor = quillInJsdom();
  editor.quill.setContents(new editor.Delta(ops), "silent");
  return editor;
}

/** The editor's contents as plain ops (Quill's Delta compares by its own class). */
function contents(editor: ReturnType<typeof quillInJsdom>): Ops {
  return JSON.parse(JSON.stringify(editor.quill.getContents().ops)) as Ops;
}

describe("replayTyping", () => {
  it("inserts what was typed where it was typed, spaces kept, and returns the caret after it", () => {
    const editor = editorWith([{ insert: "Hello\n" }]);
    const caret = replayTyping(editor.quill, editor.Delta, { before: "Hello\n", after: "Hey  there \nHello\n", caret: 12 });
    expect(editor.quill.getText()).toBe("Hey  there \nHello\n");
    expect(caret).toBe(12);
  });

  it("moves the typing onto what the live document holds when it differs from the page's HTML", () => {
    // The device copy (or another person) added a first line the page did not show.
    const editor = editorWith([{ insert: "Added elsewhere\nHello\n" }]);
    const caret = replayTyping(editor.quill, editor.Delta, { before: "Hello\n", after: "Hello world\n", caret: 11 });
    expect(editor.quill.getText()).toBe("Added elsewhere\nHello world\n");
    expect(caret).toBe(27);
  });

  it("changes nothing when nothing was typed, and still maps the caret", () => {
    const editor = editorWith([{ insert: "Intro\nHello\n" }]);
    expect(replayTyping(editor.quill, editor.Delta, { before: "Hello\n", after: "Hello\n", caret: 2 })).toBe(8);
    expect(editor.quill.getText()).toBe("Intro\nHello\n");
  });

  it("gives new text the formats it lands in, and a new line its line's formats", () => {
    const editor = editorWith([
      { insert: "bold", attributes: { bold: true } },
      { insert: "\n" },
      { insert: "item" },
      { insert: "\n", attributes: { list: "bullet" } },
    ]);
    replayTyping(editor.quill, editor.Delta, { before: "bold\nitem\n", after: "boXld\nitem\n", caret: 3 });
    replayTyping(editor.quill, editor.Delta, { before: "boXld\nitem\n", after: "boXld\nitem\nnext\n", caret: 15 });
    expect(contents(editor)).toEqual([
      { insert: "boXld", attributes: { bold: true } },
      { insert: "\nitem" },
      { insert: "\n", attributes: { list: "bullet" } },
      { insert: "next" },
      { insert: "\n", attributes: { list: "bullet" } },
    ]);
  });

  it("starts a plain line after Enter at the end of a heading, as Quill's keyboard does", () => {
    const editor = editorWith([{ insert: "Title" }, { insert: "\n", attributes: { header: 1 } }]);
    replayTyping(editor.quill, editor.Delta, { before: "Title\n", after: "Title\nbody\n", caret: 10 });
    expect(contents(editor)).toEqual([{ insert: "Title" }, { insert: "\n", attributes: { header: 1 } }, { insert: "body\n" }]);
  });

  it("keeps the first line's formats when Backspace joins two lines", () => {
    const editor = editorWith([{ insert: "Title" }, { insert: "\n", attributes: { header: 2 } }, { insert: "more\n" }]);
    replayTyping(editor.quill, editor.Delta, { before: "Title\nmore\n", after: "Titlemore\n", caret: 5 });
    expect(contents(editor)).toEqual([{ insert: "Titlemore" }, { insert: "\n", attributes: { header: 2 } }]);
  });

  it("deletes an embed the person deleted, and never types one", () => {
    const editor = editorWith([{ insert: "a" }, { insert: { image: "https://example.com/a.png" } }, { insert: "b\n" }]);
    replayTyping(editor.quill, editor.Delta, { before: "a\uFFFCb\n", after: "ab\uFFFC\n", caret: null });
    expect(contents(editor)).toEqual([{ insert: "ab\n" }]);
  });

  it("replays as the person's own edit: one step of undo takes it all back", () => {
    const editor = editorWith([{ insert: "Hello\n" }]);
    const changes: string[] = [];
    editor.quill.on("text-change", (_delta, _old, source) => changes.push(source));
    replayTyping(editor.quill, editor.Delta, { before: "Hello\n", after: "Oh\nHello there\n", caret: 14 });
    expect(new Set(changes)).toEqual(new Set(["user"]));
    (editor.quill.getModule("history") as { undo(): void }).undo();
    expect(editor.quill.getText()).toBe("Hello\n");
  });
});
