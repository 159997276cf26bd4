// @vitest-environment jsdom
import Quill from "quill";
import type { Delta } from "quill";
import { beforeAll, describe, expect, it } from "vitest";
import { coEdit } from "@test/co-edited-quill";
import { ImageAltModule } from "./image-alt";
import { registerQuillFormats } from "./register";

const IMAGE = "https://example.com/red.png";

describe("ImageAltModule", () => {
  beforeAll(() => {
    // jsdom lays nothing out: Quill's getBounds needs these to exist.
    Range.prototype.getBoundingClientRect = () => new DOMRect();
    Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
    registerQuillFormats(Quill);
    Quill.register("modules/imageAlt", ImageAltModule, true);
  });

  it("describes the image it was opened on, though a co-editor typed above it while the field was being filled", async () => {
    document.body.innerHTML = '<div id="editor"></div>';
    const quill = new Quill("#editor", { modules: { imageAlt: true } });
    const { coEditor } = await coEdit(quill, [{ insert: "First paragraph here.\n" }, { insert: { image: IMAGE } }, { insert: "\n" }], Quill.import("delta") as typeof Delta);
    quill.setSelection(22, 1, "user"); // the image
    quill.root.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", altKey: true, bubbles: true, cancelable: true }));
    const field = document.querySelector<HTMLInputElement>(".ql-image-alt input");
    expect(document.activeElement).toBe(field);
    // As in a browser, the page's selection went into the field with the focus (jsdom's stays behind).
    document.getSelection()?.removeAllRanges();
    quill.update("user");
    coEditor.insert(0, "B-typed-this ");
    field!.value = "A red square";
    field!.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
    expect(quill.getContents().ops).toEqual([
      { insert: "B-typed-this First paragraph here.\n" },
      { insert: { image: IMAGE }, attributes: { alt: "A red square" } },
      { insert: "\n" },
    ]);
  });
});
