import type Quill from "quill";
import { describe, expect, it } from "vitest";
import { quillInJsdom } from "@test/quill-in-jsdom";
import { keepFocusThroughSilentSelection } from "./silent-selection-keeps-focus";

/** An editor holding "Hello world", and a button beside it to take the focus. */
function editorWithButton(): { quill: Quill; button: HTMLButtonElement; document: Document } {
  const { quill, document } = quillInJsdom();
  const button = document.createElement("button");
  document.body.append(button);
  keepFocusThroughSilentSelection(quill);
  quill.setText("Hello world\n");
  return { quill, button, document };
}

describe("a silent setSelection while the text doesn't have the focus", () => {
  it("leaves the focus where it is, and moves the range focus() puts back past a change made meanwhile", () => {
    const { quill, button, document } = editorWithButton();
    quill.setSelection(6, 0, "user"); // the caret before "world", then the person moves on
    button.focus();
    quill.updateContents([{ insert: "big " }], "api"); // a collaborator's edit at the start
    expect(document.activeElement).toBe(button);
    quill.setSelection({ index: 3, length: 2 }, "silent");
    expect(document.activeElement).toBe(button);
    quill.focus();
    expect(quill.getSelection()).toEqual({ index: 3, length: 2 });
  });

  it("keeps Quill's own behaviour otherwise: silent with the focus in the text, and any other source from elsewhere", () => {
    const { quill, button } = editorWithButton();
    quill.focus();
    quill.setSelection(2, 0, "silent");
    expect(quill.getSelection()).toEqual({ index: 2, length: 0 });
    button.focus();
    quill.setSelection(4, 1, "api");
    expect(quill.hasFocus()).toBe(true);
    expect(quill.getSelection()).toEqual({ index: 4, length: 1 });
  });
});
