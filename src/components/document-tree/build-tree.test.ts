import { describe, expect, it } from "vitest";
import { buildTree, flatten, subtreeIds } from "./build-tree";

const rows = [
  { id: "a", parentId: null, title: "A" },
  { id: "b", parentId: "a", title: "B" },
  { id: "c", parentId: "b", title: "C" },
  { id: "d", parentId: null, title: "D" },
  { id: "e", parentId: "gone", title: "Orphan" },
];

describe("buildTree", () => {
  it("nests rows under their parents with depths, keeping sibling order", () => {
    const tree = buildTree(rows);
    expect(tree.map((n) => n.id)).toEqual(["a", "d", "e"]);
    expect(flatten(tree).map((n) => `${n.id}:${n.depth}`)).toEqual(["a:0", "b:1", "c:2", "d:0", "e:0"]);
  });

  it("lists a node's subtree", () => {
    const [a] = buildTree(rows);
    expect([...subtreeIds(a!)]).toEqual(["a", "b", "c"]);
  });
});
