import * as Y from "yjs";
import { describe, expect, it } from "vitest";
import { encodeAnchor, resolveAnchor } from "./anchors";

function twoPeers(text: string) {
  const a = new Y.Doc();
  const b = new Y.Doc();
  a.getText("body").insert(0, text);
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
  const sync = () => {
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)));
  };
  return { a, b, sync };
}

describe("comment anchors", () => {
  it("follow their words through edits before, inside-adjacent and after them, on another peer", () => {
    const { a, b, sync } = twoPeers("hello brave world");
    const anchor = encodeAnchor(a.getText("body"), { index: 6, length: 5 }); // "brave"
    b.getText("body").insert(0, "Oh, ");
    b.getText("body").insert(15, "!"); // right after "brave"
    sync();
    const range = resolveAnchor(a, a.getText("body"), anchor);
    expect(range).toEqual({ index: 10, length: 5 });
    expect(a.getText("body").toString().slice(10, 15)).toBe("brave");
  });

  it("is null once every character of its text is deleted", () => {
    const { a, b, sync } = twoPeers("hello brave world");
    const anchor = encodeAnchor(a.getText("body"), { index: 6, length: 5 });
    b.getText("body").delete(4, 9);
    sync();
    expect(resolveAnchor(a, a.getText("body"), anchor)).toBeNull();
    expect(resolveAnchor(a, a.getText("body"), { start: "!!", end: "??" })).toBeNull();
  });
});
