import { describe, expect, it } from "vitest";
import { diffRevision } from "./revision-diff";

describe("diffRevision", () => {
  it("marks the words inserted and deleted since the older text", () => {
    const diff = diffRevision({ ops: [{ insert: "The quick brown fox\n" }] }, { ops: [{ insert: "The quick red fox\n" }] });
    expect(diff.segments.filter((s) => s.kind === "deleted").map((s) => s.text).join("")).toContain("b");
    expect(diff.segments.map((s) => (s.kind === "same" ? s.text : "")).join("")).toContain("The quick ");
    const older = diff.segments.filter((s) => s.kind !== "inserted").map((s) => s.text).join("");
    const newer = diff.segments.filter((s) => s.kind !== "deleted").map((s) => s.text).join("");
    expect(older).toBe("The quick brown fox\n");
    expect(newer).toBe("The quick red fox\n");
    expect(diff.inserted).toBeGreaterThan(0);
    expect(diff.deleted).toBeGreaterThan(0);
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

  it("finds nothing between equal texts", () => {
    const text = { ops: [{ insert: "Same\n" }] };
    expect(diffRevision(text, text)).toEqual({ segments: [{ kind: "same", text: "Same\n" }], inserted: 0, deleted: 0 });
  });
});
