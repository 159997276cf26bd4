import { describe, expect, it } from "vitest";
import { diffRevision } from "./revision-diff";

describe("diffRevision", () => {
  it("marks the words inserted and deleted since the older text", () => {
    const diff = diffRevision({ ops: [{ insert: "The quick brown fox\n" }] }, { ops: [{ insert: "The quick red fox\n" }] });
    expect(diff.segments).toEqual([
      { kind: "same", text: "The quick " },
      { kind: "deleted", text: "brown" },
      { kind: "inserted", text: "red" },
      { kind: "same", text: " fox\n" },
    ]);
    const older = diff.segments.filter((s) => s.kind !== "inserted").map((s) => s.text).join("");
    const newer = diff.segments.filter((s) => s.kind !== "deleted").map((s) => s.text).join("");
    expect(older).toBe("The quick brown fox\n");
    expect(newer).toBe("The quick red fox\n");
    expect(diff).toMatchObject({ inserted: 3, deleted: 5 });
  });

  it("reads embeds by their kind and marks format-only changes", () => {
    const diff = diffRevision(
      { ops: [{ insert: "Bold" }, { insert: "\n" }] },
      { ops: [{ insert: "Bold", attributes: { bold: true } }, { insert: { image: "https://example.com/a.png" } }, { insert: "\n" }] },
    );
    expect(diff.segments).toEqual([
      { kind: "formatted", text: "Bold" },
      { kind: "inserted", text: "[image]" },
      { kind: "same", text: "\n" },
    ]);
    expect(diff).toMatchObject({ inserted: 1, deleted: 0 });
  });

  it("reads a table as rows of cells joined by \" | \", and marks a cell's new text", () => {
    const row = (id: string, ...cells: string[]) => cells.flatMap((text) => [{ insert: text }, { insert: "\n", attributes: { table: id } }]);
    const older = { ops: [...row("row-a", "Name", "Role"), ...row("row-b", "Ada", "Lead"), { insert: "after\n" }] };
    const newer = { ops: [...row("row-a", "Name", "Role"), ...row("row-b", "Ada", "Lead dev"), { insert: "after\n" }] };
    const diff = diffRevision(older, newer);
    expect(diff.segments.map((segment) => segment.text).join("")).toBe("Name | Role\nAda | Lead dev\nafter\n");
    expect(diff.segments.filter((segment) => segment.kind === "inserted").map((segment) => segment.text)).toEqual([" dev"]);
  });

  it("finds nothing between equal texts", () => {
    const text = { ops: [{ insert: "Same\n" }] };
    expect(diffRevision(text, text)).toEqual({ segments: [{ kind: "same", text: "Same\n" }], inserted: 0, deleted: 0 });
  });

  it("compares character by character when there are too many distinct words to diff by word", () => {
    const words = Array.from({ length: 60_000 }, (_, i) => `w${i}`);
    const older = { ops: [{ insert: `${words.join(" ")}\n` }] };
    const newer = { ops: [{ insert: `${words.join(" ").replace("w7 ", "w7 extra ")}\n` }] };
    const diff = diffRevision(older, newer);
    expect(diff).toMatchObject({ inserted: "extra ".length, deleted: 0 });
    expect(diff.segments.filter((s) => s.kind !== "same")).toEqual([{ kind: "inserted", text: expect.stringContaining("xtra") }]);
  });
});

describe("diffRevision with mentions", () => {
  it("reads a mention as @ and the current name, the same person being the same word", () => {
    const older = { ops: [{ insert: "ask " }, { insert: { mention: { id: "u1", name: "Old" } } }, { insert: "\n" }] };
    const newer = { ops: [{ insert: "ask " }, { insert: { mention: { id: "u1", name: "Old" } } }, { insert: " now\n" }] };
    const diff = diffRevision(older, newer, (id) => (id === "u1" ? "New" : null));
    expect(diff.segments.map((s) => [s.kind, s.text])).toEqual([["same", "ask @New"], ["inserted", " now"], ["same", "\n"]]);
  });
});
