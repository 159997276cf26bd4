import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { BODY_YTEXT } from "@/shared/editor-rules";
import { bodyDelta, deriveDocument } from "./derive-document";

function docWithBody(ops: unknown[]): Y.Doc {
  const doc = new Y.Doc();
  doc.getText(BODY_YTEXT).applyDelta(ops);
  return doc;
}

describe("deriveDocument", () => {
  it("derives a sanitised delta, its text and its HTML from the Y.Doc", async () => {
    const doc = docWithBody([
      { insert: "Plan" },
      { insert: "\n", attributes: { header: 2 } },
      { insert: "click", attributes: { link: "javascript:alert(1)" } },
      { insert: { image: "ftp://x/y.png" } },
      { insert: { video: "https://example.com/v" } },
    ]);
    const derived = await deriveDocument(doc);
    expect(derived.content).toEqual({
      ops: [
        { insert: "Plan" },
        { insert: "\n", attributes: { header: 2 } },
        { insert: "click", attributes: { link: "about:blank" } },
        { insert: { image: "" } },
        { insert: "\n" },
      ],
    });
    expect(derived.text).toBe("Plan\nclick\n");
    expect(derived.html).toBe(
      '<h2>Plan</h2><p><a href="about:blank" rel="noopener noreferrer" target="_blank">click</a><img src="" alt=""></p>',
    );
  });

  it("reads an encoded update as well as a Y.Doc, and leaves the Y.Doc untouched", async () => {
    const doc = docWithBody([{ insert: "Hello\n" }]);
    const before = Y.encodeStateAsUpdate(doc);
    expect(bodyDelta(Y.encodeStateAsUpdate(doc))).toEqual({ ops: [{ insert: "Hello\n" }] });
    expect((await deriveDocument(doc)).text).toBe("Hello\n");
    expect(Y.encodeStateAsUpdate(doc)).toEqual(before);
  });

  it("makes the HTML of the text alone on request, with the same delta and text: what a store past its time limit keeps", async () => {
    const doc = docWithBody([
      { insert: "Plan <b>&</b>" },
      { insert: "\n", attributes: { header: 2 } },
      { insert: "\nsee " },
      { insert: "here", attributes: { bold: true, link: "https://example.com" } },
      { insert: { mention: { id: "u1", name: "Ann" } } },
      { insert: "\n" },
    ]);
    const [full, textOnly] = await Promise.all([deriveDocument(doc), deriveDocument(doc, { textOnlyHtml: true })]);
    expect({ ...textOnly, html: full.html }).toEqual(full);
    expect(textOnly.html).toBe("<p>Plan &lt;b&gt;&amp;&lt;/b&gt;</p><p><br></p><p>see here@Ann</p>");
    expect((await deriveDocument(new Y.Doc(), { textOnlyHtml: true })).html).toBe("<p><br></p>");
  });

  it("gives an empty body one newline, as Quill does", () => {
    expect(bodyDelta(new Y.Doc())).toEqual({ ops: [{ insert: "\n" }] });
  });
});
