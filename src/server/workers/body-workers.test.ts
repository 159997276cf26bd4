import { afterAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { lyingZipBomb } from "@test/zip-bomb";
import { BODY_YTEXT } from "@/shared/editor-rules";
import { UnreadableFileError } from "@/server/formats/import/unreadable-file-error";
import { IN_THREAD_BODY_WORK } from "./in-thread-body-work";
import { BodyWorkers } from "./body-workers";

const workers = new BodyWorkers(2);
afterAll(() => workers.close());

function stateOf(build: (body: Y.Text) => void): Uint8Array {
  const doc = new Y.Doc();
  build(doc.getText(BODY_YTEXT));
  return Y.encodeStateAsUpdate(doc);
}

const utf8 = (text: string) => new TextEncoder().encode(text);

describe("BodyWorkers", () => {
  it("derives on a worker thread exactly what deriveDocument derives here", async () => {
    const state = stateOf((body) => {
      body.insert(0, "Title\n", { header: 1 });
      body.insert(6, "A link", { link: "javascript:alert(1)" });
      body.insert(12, "\n");
    });
    const [offThread, here] = await Promise.all([workers.derive(state), IN_THREAD_BODY_WORK.derive(state)]);
    expect(offThread).toEqual(here);
    expect(offThread.html).toContain("about:blank");
  });

  it("leaves the caller's bytes alone: the same state derives twice", async () => {
    // Transferring the caller's buffer detached it, and Node drops a message that transfers a
    // detached buffer without a word: the second derive never answered.
    const state = stateOf((body) => body.insert(0, "twice\n"));
    const first = await workers.derive(state);
    expect(state.byteLength).toBeGreaterThan(0);
    expect(await workers.derive(state)).toEqual(first);
  });

  it("runs jobs side by side and keeps each answer with its job", async () => {
    const states = Array.from({ length: 6 }, (_, i) => stateOf((body) => body.insert(0, `Document number ${i}\n`)));
    const results = await Promise.all(states.map((state) => workers.derive(state)));
    expect(results.map((result) => result.text)).toEqual(Array.from({ length: 6 }, (_, i) => `Document number ${i}\n`));
  });

  it("converts files and builds states exactly as the calling thread does", async () => {
    const markdown = { kind: "markdown" as const, bytes: utf8("# Plan\n\n- **one**\n- [two](https://example.com)\n") };
    expect(await workers.convert(markdown)).toEqual(await IN_THREAD_BODY_WORK.convert(markdown));
    const delta = { ops: [{ insert: "Hello", attributes: { bold: true } }, { insert: "\n" }] };
    const [built, here] = await Promise.all([workers.build(delta), IN_THREAD_BODY_WORK.build(delta)]);
    expect({ ...built, ydoc: undefined }).toEqual({ ...here, ydoc: undefined });
    const doc = new Y.Doc();
    Y.applyUpdate(doc, built.ydoc);
    expect(doc.getText(BODY_YTEXT).toString()).toBe("Hello\n");
  });

  it("refuses a .docx that is a lying zip bomb with a reason, as an UnreadableFileError", async () => {
    const bomb = lyingZipBomb(3, (i) => (i === 0 ? "word/document.xml" : `word/media/${i}.bin`));
    const refusal = workers.convert({ kind: "docx", bytes: bomb });
    await expect(refusal).rejects.toBeInstanceOf(UnreadableFileError);
    await expect(refusal).rejects.toThrow(/It could not be read as a Word document: word\/document\.xml unpacks to more than the 1,000 bytes its zip directory declares \(a possible zip bomb\)\./);
  });

  it("fails a job whose state can't be read, and keeps working", async () => {
    await expect(workers.derive(new Uint8Array([255, 255, 255, 1, 2, 3]))).rejects.toThrow();
    const ok = await workers.derive(stateOf((body) => body.insert(0, "still fine\n")));
    expect(ok.text).toBe("still fine\n");
  });
});
