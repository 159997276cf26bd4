import Delta from "quill-delta";
import * as Y from "yjs";
import { describe, expect, it } from "vitest";
import { encodeAnchor, resolveAnchor } from "@/shared/comments/anchors";
import { anchorsBroughtBack } from "./reanchor-after-restore";

/** A body with a thread on `quote` at `index`, then the thread's words deleted. */
function threadOnDeletedWords(text: string, index: number, quote: string) {
  const doc = new Y.Doc();
  const body = doc.getText("body");
  body.insert(0, text);
  const anchor = encodeAnchor(body, { index, length: quote.length });
  body.delete(index, quote.length);
  expect(resolveAnchor(doc, body, anchor)).toBeNull();
  return { doc, body, thread: { id: "t", anchorStart: anchor.start, anchorEnd: anchor.end, quote } };
}

/** Applies `target` to the body as the restore does (the diff) and returns the change. */
function restore(body: Y.Text, target: string): Delta {
  const change = new Delta(body.toDelta()).diff(new Delta().insert(target));
  body.applyDelta(change.ops);
  return change;
}

describe("anchorsBroughtBack", () => {
  it("anchors a thread to its words when the restore brings them back", () => {
    const { doc, body, thread } = threadOnDeletedWords("Hello brave world, brave people", 6, "brave");
    const change = restore(body, "Hello brave world, brave people");
    const [found] = anchorsBroughtBack(doc, body, [thread], change);
    expect(found?.id).toBe("t");
    expect(resolveAnchor(doc, body, found!.anchor)).toEqual({ index: 6, length: 5 });
  });

  it("leaves a thread whose words the restore did not insert, or that still has its text", () => {
    const { doc, body, thread } = threadOnDeletedWords("Hello brave world", 6, "brave");
    body.insert(0, "brave ");
    expect(anchorsBroughtBack(doc, body, [thread], restore(body, "brave Hello world!"))).toEqual([]);
    const live = new Y.Doc();
    const liveBody = live.getText("body");
    liveBody.insert(0, "Hello brave world");
    const anchor = encodeAnchor(liveBody, { index: 6, length: 5 });
    const untouched = { id: "u", anchorStart: anchor.start, anchorEnd: anchor.end, quote: "brave" };
    expect(anchorsBroughtBack(live, liveBody, [untouched], restore(liveBody, "Hello brave world, brave"))).toEqual([]);
  });
});
