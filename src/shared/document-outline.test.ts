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

  it("names headings with nothing to transliterate by their own characters, lower-cased, not by position", () => {
    const headings = ["概要", "課題", "🎉", "概要", "日本語 の 見出し", "한국어 제목", "हिन्दी भाषा", "🇯🇵 👨‍👩‍👧", "ＡＢＣ"].map((text) => ({ level: 2, text }));
    expect(outlineOf(headings).map((entry) => entry.anchor)).toEqual([
      "h-概要",
      "h-課題",
      "h-🎉",
      "h-概要-2",
      "h-日本語-の-見出し",
      "h-한국어-제목",
      // Combining marks (the vowel signs) stay with their letters.
      "h-हिन्दी-भाषा",
      "h-🇯🇵-👨‍👩‍👧",
      "h-ａｂｃ",
    ]);
    // A heading added above moves none of them.
    const added = outlineOf([{ level: 2, text: "新しい見出し" }, ...headings]);
    expect(added.slice(1).map((entry) => entry.anchor)).toEqual(outlineOf(headings).map((entry) => entry.anchor));
  });

  it("keeps every anchor transliteration gives, mixed text included, so links already shared still open", () => {
    const anchors = outlineOf(["Привет мир", "Ελληνικά", "Über café", "第2章", "概要 Overview", "🎉 Launch"].map((text) => ({ level: 1, text }))).map((e) => e.anchor);
    expect(anchors).toEqual(["h-privet-mir", "h-ellinika", "h-ueber-cafe", "h-2", "h-overview", "h-launch"]);
  });

  it("cuts a long slug at 60 characters, never inside one, and names only punctuation by position", () => {
    const [long] = outlineOf([{ level: 1, text: "🎉".repeat(70) }]);
    expect(long?.anchor).toBe(`h-${"🎉".repeat(60)}`);
    expect(outlineOf(["!!!", "\u200d", "。、"].map((text) => ({ level: 1, text }))).map((e) => e.anchor)).toEqual(["h-section", "h-section-2", "h-section-3"]);
  });
});
