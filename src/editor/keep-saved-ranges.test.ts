import { describe, expect, it } from "vitest";
import { coEditedQuill } from "@test/co-edited-quill";
import { keepSavedRangesInPlace } from "./keep-saved-ranges";

interface Box {
  root: HTMLElement;
  textbox: HTMLInputElement;
}

/** A snow editor with the link and formula buttons, and a co-editor (KaTeX stood in for: jsdom lays nothing out). */
async function editorWithBoxes(text: string) {
  const editor = await coEditedQuill(text, { theme: "snow", modules: { toolbar: [["link", "formula"]] } });
  keepSavedRangesInPlace(editor.quill);
  const window = editor.document.defaultView as unknown as { katex: unknown; KeyboardEvent: typeof KeyboardEvent };
  window.katex = { render: (value: string, node: HTMLElement) => void (node.textContent = value) };
  const box = (editor.quill.theme as unknown as { tooltip: Box }).tooltip; // snow's, untyped
  const toolbar = (editor.quill.getModule("toolbar") as { container: HTMLElement }).container;
  /** Clicks the toolbar's `button` and types `value` in the box it opens. */
  const open = (button: "link" | "formula", value: string) => {
    toolbar.querySelector<HTMLButtonElement>(`button.ql-${button}`)?.click();
    intoField();
    box.textbox.value = value;
  };
  /** What a browser does as the box opens (snow calls select() on its field) and jsdom doesn't: the focus and the page's selection go to the field. */
  const intoField = () => {
    box.textbox.focus();
    editor.document.getSelection()?.removeAllRanges();
    editor.quill.update("user");
  };
  /** A key pressed in the box's field. */
  const press = (key: "Enter" | "Escape") => box.textbox.dispatchEvent(new window.KeyboardEvent("keydown", { key, bubbles: true }));
  /** The body's ops, a formula as its TeX in braces. */
  const shown = () =>
    editor.quill
      .getContents()
      .ops.map((op) => (typeof op.insert === "string" ? (op.attributes?.link ? `[${op.insert}](${String(op.attributes.link)})` : op.insert) : `{${String((op.insert as { formula: string }).formula)}}`))
      .join("");
  return { ...editor, box, open, intoField, press, shown };
}

describe("keepSavedRangesInPlace", () => {
  it("links the words selected when the link box opened, though a co-editor typed above meanwhile", async () => {
    const editor = await editorWithBoxes("First paragraph here.\nLink target word.\n");
    editor.quill.setSelection(27, 6, "user"); // "target"
    editor.open("link", "https://example.com/x");
    editor.coEditor.insert(0, "B-typed-this ");
    editor.press("Enter");
    expect(editor.shown()).toBe("B-typed-this First paragraph here.\nLink [target](https://example.com/x) word.\n");
  });

  it("puts the formula where the caret was when its box opened", async () => {
    const editor = await editorWithBoxes("First paragraph here.\n\nLast paragraph.\n");
    editor.quill.setSelection(22, 0, "user"); // the empty line
    editor.open("formula", "e=mc^2");
    editor.coEditor.insert(0, "B-typed-this ");
    editor.press("Enter");
    expect(editor.shown()).toBe("B-typed-this First paragraph here.\n{e=mc^2} \nLast paragraph.\n");
  });

  it("edits the link the caret was in, though a co-editor typed above meanwhile", async () => {
    const editor = await editorWithBoxes("First paragraph here.\nLink target word.\n");
    editor.quill.formatText(27, 6, "link", "https://example.com/old", "user");
    editor.quill.setSelection(29, 0, "user"); // in the link: its box shows it, with "Edit"
    editor.box.root.querySelector<HTMLElement>("a.ql-action")?.click();
    editor.intoField();
    editor.box.textbox.value = "https://example.com/new";
    editor.coEditor.insert(0, "B-typed-this ");
    editor.press("Enter");
    expect(editor.shown()).toBe("B-typed-this First paragraph here.\nLink [target](https://example.com/new) word.\n");
  });

  it("gives the caret back where it was when the box is closed with Escape", async () => {
    const editor = await editorWithBoxes("First paragraph here.\nLink target word.\n");
    editor.quill.setSelection(27, 6, "user");
    editor.open("link", "https://example.com/x");
    editor.coEditor.insert(0, "B-typed-this ");
    editor.press("Escape");
    expect(editor.quill.getSelection()).toEqual({ index: 40, length: 6 });
  });
});
