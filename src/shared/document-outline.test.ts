import { describe, expect, it } from "vitest";
import { outlineOf } from "./document-outline";

describe("outlineOf", () => {
  it("names each heading by its text, numbering repeats, skipping empty headings and levels past 3", () => {
    expect(
      outlineOf([
        { level: 1, text: "Project goals" },
        { level: 2, text: "  Risks &  costs " },
        { level: 4, text: "Too deep" },
        { level: 2, text: "Risks & costs" },
        { level: 3, text: "   " },
        { level: 3, text: "Über café ✓" },
        { level: 2, text: "!!!" },
      ]),
    ).toEqual([
      { level: 1, text: "Project goals", anchor: "h-project-goals" },
      { level: 2, text: "Risks & costs", anchor: "h-risks-and-costs" },
      { level: 2, text: "Risks & costs", anchor: "h-risks-and-costs-2" },
      { level: 3, text: "Über café ✓", anchor: "h-ueber-cafe" },
      { level: 2, text: "!!!", anchor: "h-section" },
    ]);
  });

  it("keeps an anchor when headings after it change", () => {
    const before = outlineOf([{ level: 1, text: "Intro" }, { level: 2, text: "Plan" }]);
    const after = outlineOf([{ level: 1, text: "Intro" }, { level: 2, text: "Plan B" }, { level: 2, text: "Plan" }]);
    expect(after[0]?.anchor).toBe(before[0]?.anchor);
    expect(after[2]?.anchor).toBe(before[1]?.anchor);
  });
});
