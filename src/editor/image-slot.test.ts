import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { coEditedQuill } from "@test/co-edited-quill";
import { quillInJsdom } from "@test/quill-in-jsdom";
import { bindYjs } from "./bind-yjs";
import { imageSlot } from "./image-slot";

async function boundEditor(text: string) {
  const { quill, Delta } = quillInJsdom();
  const doc = new Y.Doc();
  const body = doc.getText("body");
  await bindYjs(quill, body, null, { Delta });
  quill.setText(text, "user");
  return { quill, body };
}

/** The body as text, an image shown as [url]. */
const shown = (body: Y.Text) => body.toDelta().map((op: { insert: unknown }) => (typeof op.insert === "string" ? op.insert : `[${(op.insert as { image: string }).image}]`)).join("");

/** A promise and the function that settles it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((ok, fail) => ((resolve = ok), (reject = fail)));
  return { promise, resolve, reject };
}

describe("imageSlot", () => {
  it("lands where the upload started though text was typed before it meanwhile, and the caret goes past it", async () => {
    const { quill, body } = await boundEditor("First line before \n");
    quill.setSelection(18, 0, "user");
    const slot = imageSlot(quill, 18);
    const upload = deferred<string>();
    const placed = slot.place(upload.promise);
    quill.insertText(0, "EARLIER ", "user"); // a collaborator, or the person, above it
    upload.resolve("https://example.com/a.png");
    await placed;
    quill.insertText(quill.getSelection()?.index ?? 0, "AFTER", "user");
    expect(shown(body)).toBe("EARLIER First line before [https://example.com/a.png]AFTER\n");
  });

  it("lands where it was picked though a co-editor typed above it during the upload", async () => {
    const { quill, body, coEditor } = await coEditedQuill("First paragraph here.\n\nLast paragraph.\n");
    const slot = imageSlot(quill, 22); // the empty line
    const upload = deferred<string>();
    const placed = slot.place(upload.promise);
    coEditor.insert(0, "B-typed-this ");
    upload.resolve("https://example.com/b.png");
    await placed;
    expect(shown(body)).toBe("B-typed-this First paragraph here.\n[https://example.com/b.png]\nLast paragraph.\n");
  });

  it("lands at the place it was picked: what was typed at the caret during the upload follows it", async () => {
    const { quill, body } = await boundEditor("Hello world\n");
    const slot = imageSlot(quill, 5);
    const upload = deferred<string>();
    const placed = slot.place(upload.promise);
    quill.insertText(5, ",", "user"); // typed at the caret while the image uploads
    upload.resolve("https://example.com/i.png");
    await placed;
    expect(shown(body)).toBe("Hello[https://example.com/i.png], world\n");
  });

  it("places images in the order they were picked, whichever finishes first, and skips a failed one", async () => {
    const { quill, body } = await boundEditor("ab\n");
    const slot = imageSlot(quill, 1);
    const [first, failed, third] = [deferred<string>(), deferred<string>(), deferred<string>()];
    const placed = [slot.place(first.promise), slot.place(failed.promise), slot.place(third.promise)];
    third.resolve("https://example.com/3.png");
    failed.reject(new Error("too large"));
    first.resolve("https://example.com/1.png");
    await Promise.allSettled(placed);
    await expect(placed[1]).rejects.toThrow("too large");
    expect(shown(body)).toBe("a[https://example.com/1.png][https://example.com/3.png]b\n");
  });
});
