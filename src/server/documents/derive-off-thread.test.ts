import { afterAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { BODY_YTEXT } from "../../shared/editor-rules";
import { deriveDocument } from "./derive-document";
import { DeriveOffThread } from "./derive-off-thread";

const renderer = new DeriveOffThread(2);
afterAll(() => renderer.close());

function stateOf(build: (body: Y.Text) => void): Uint8Array {
  const doc = new Y.Doc();
  build(doc.getText(BODY_YTEXT));
  return Y.encodeStateAsUpdate(doc);
}

describe("DeriveOffThread", () => {
  it("derives on a worker thread exactly what deriveDocument derives here", async () => {
    const state = stateOf((body) => {
      body.insert(0, "Title\n", { header: 1 });
      body.insert(6, "A link", { link: "javascript:alert(1)" });
      body.insert(12, "\n");
    });
    const [offThread, here] = await Promise.all([renderer.derive(state.slice()), deriveDocument(state)]);
    expect(offThread).toEqual(here);
    expect(offThread.html).toContain("about:blank");
  });

  it("runs jobs side by side and keeps each answer with its job", async () => {
    const states = Array.from({ length: 6 }, (_, i) => stateOf((body) => body.insert(0, `Document number ${i}\n`)));
    const results = await Promise.all(states.map((state) => renderer.derive(state)));
    expect(results.map((r) => r.text)).toEqual(Array.from({ length: 6 }, (_, i) => `Document number ${i}\n`));
  });

  it("fails a job whose state can't be read, and keeps working", async () => {
    await expect(renderer.derive(new Uint8Array([255, 255, 255, 1, 2, 3]))).rejects.toThrow();
    const ok = await renderer.derive(stateOf((body) => body.insert(0, "still fine\n")));
    expect(ok.text).toBe("still fine\n");
  });
});
