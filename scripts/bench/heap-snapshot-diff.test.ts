import { describe, expect, it } from "vitest";
import { diffGroups, groupSnapshot } from "./heap-snapshot-diff";

// A V8 heap snapshot's nodes are a flat array of fields per node (node_fields); names index `strings`.
function snapshot(nodes: Array<[type: number, name: string, size: number]>) {
  const strings: string[] = [];
  const index = (s: string) => (strings.includes(s) ? strings.indexOf(s) : strings.push(s) - 1);
  return {
    snapshot: { meta: { node_fields: ["type", "name", "id", "self_size", "edge_count"], node_types: [["hidden", "array", "string", "object", "code", "closure"]] as [string[]] } },
    nodes: nodes.flatMap(([type, name, size], id) => [type, index(name), id, size, 0]),
    strings,
  };
}

describe("groupSnapshot and diffGroups", () => {
  it("groups objects by constructor and the rest by node type, and lists growth first", () => {
    const before = groupSnapshot(snapshot([[3, "Document", 100], [2, "some text", 40], [5, "onClose", 32]]));
    const after = groupSnapshot(snapshot([[3, "Document", 100], [3, "Document", 100], [2, "other text", 60], [2, "more", 20], [5, "onClose", 32]]));
    expect(after.get("Document")).toEqual({ count: 2, bytes: 200 });
    expect(after.get("(string)")).toEqual({ count: 2, bytes: 80 });
    expect(diffGroups(before, after).map((c) => [c.key, c.after.bytes - c.before.bytes])).toEqual([
      ["Document", 100],
      ["(string)", 40],
    ]);
  });
});
