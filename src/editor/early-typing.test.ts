// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { EarlyTyping } from "./early-typing";

const LIST = '<ol><li data-list="bullet"><span class="ql-ui" contenteditable="false"></span>item</li></ol><p>after</p>';

let root: HTMLElement;
function bodyOf(html: string): EarlyTyping {
  root.innerHTML = html;
  return new EarlyTyping(root, html);
}

beforeEach(() => {
  document.body.innerHTML = '<div class="ql-editor" contenteditable="true"></div><button type="button">elsewhere</button>';
  root = document.querySelector(".ql-editor") as HTMLElement;
});

describe("EarlyTyping", () => {
  it("types text held while the page opened at the start of the body, lines as the first line's kind, caret after it", () => {
    const typing = bodyOf(LIST);
    typing.focusWith("ab\ncd");
    expect(root.innerHTML).toBe(
      '<ol><li data-list="bullet"><span class="ql-ui" contenteditable="false"></span>ab</li>' +
        '<li data-list="bullet"><span class="ql-ui" contenteditable="false"></span>cditem</li></ol><p>after</p>',
    );
    expect(typing.take()).toEqual({ before: "item\nafter\n", after: "ab\ncditem\nafter\n", caret: 5, hadFocus: true });
  });

  it("replaces an empty line's break, and puts the caret at the start when nothing was held", () => {
    const typing = bodyOf("<p><br></p>");
    typing.typeAtStart("x");
    expect(root.innerHTML).toBe("<p>x</p>");
    const fresh = bodyOf("<h1>Title</h1>");
    fresh.focusWith("");
    expect(fresh.take()).toEqual({ before: "Title\n", after: "Title\n", caret: 0, hadFocus: true });
  });

  it("reports no caret when the body lost focus, and stops taking input once taken", () => {
    const typing = bodyOf("<p>text</p>");
    typing.focusWith("more ");
    document.querySelector("button")?.focus();
    expect(typing.take()).toEqual({ before: "text\n", after: "more text\n", caret: null, hadFocus: false });
    expect(root.contentEditable).toBe("false");
  });

  it("carries nothing over from a body neither typed into nor focused, but notices typing done before it was attached", () => {
    expect(bodyOf("<p>text</p>").take()).toBeNull();
    root.innerHTML = "<p>early text</p>"; // typed before hydration: no event reached EarlyTyping
    const typing = new EarlyTyping(root, "<p>text</p>");
    expect(typing.take()).toEqual({ before: "text\n", after: "early text\n", caret: null, hadFocus: false });
  });

  it("lets plain typing through and stops formatting, undo, drops and rich paste", () => {
    bodyOf("<p>text</p>");
    const input = (inputType: string) => root.dispatchEvent(new InputEvent("beforeinput", { inputType, cancelable: true }));
    expect(["insertText", "insertParagraph", "deleteContentBackward", "insertCompositionText", "deleteByCut"].map(input)).toEqual([true, true, true, true, true]);
    expect(["formatBold", "historyUndo", "insertFromDrop", "insertFromPaste"].map(input)).toEqual([false, false, false, false]);
  });

  it("is idle at once, or when a composition under way ends", async () => {
    const typing = bodyOf("<p>text</p>");
    await typing.whenIdle();
    root.dispatchEvent(new CompositionEvent("compositionstart"));
    let isIdle = false;
    void typing.whenIdle().then(() => (isIdle = true));
    await Promise.resolve();
    expect(isIdle).toBe(false);
    root.dispatchEvent(new CompositionEvent("compositionend", { data: "日本" }));
    await Promise.resolve();
    expect(isIdle).toBe(true);
  });
});
