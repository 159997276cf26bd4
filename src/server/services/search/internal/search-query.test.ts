import { describe, expect, it } from "vitest";
import { parseSearchQuery, wordParts } from "./search-query";

describe("parseSearchQuery", () => {
  it("reads words, quoted phrases, exclusions and or-groups", () => {
    expect(parseSearchQuery('plan "next week" -draft or memo')).toEqual([
      [
        { kind: "word", text: "plan", isExcluded: false },
        { kind: "phrase", text: "next week", isExcluded: false },
        { kind: "word", text: "draft", isExcluded: true },
      ],
      [{ kind: "word", text: "memo", isExcluded: false }],
    ]);
  });

  it("treats an unclosed quote as a phrase to the end, and a leading or / empty quotes as nothing", () => {
    expect(parseSearchQuery('or "" zeb "to be')).toEqual([
      [
        { kind: "word", text: "zeb", isExcluded: false },
        { kind: "phrase", text: "to be", isExcluded: false },
      ],
    ]);
    expect(parseSearchQuery("   ")).toEqual([]);
    expect(parseSearchQuery("-or")).toEqual([[{ kind: "word", text: "or", isExcluded: true }]]);
  });

  it("keeps at most 32 terms", () => {
    expect(parseSearchQuery("w ".repeat(100)).flat()).toHaveLength(32);
  });
});

describe("wordParts", () => {
  it("keeps only letters and digits, lower-cased, so nothing typed is tsquery syntax", () => {
    expect(wordParts("Zeb")).toEqual(["zeb"]);
    expect(wordParts("a':*|!b")).toEqual(["a", "b"]);
    expect(wordParts("Ünï-code")).toEqual(["ünï", "code"]);
    expect(wordParts("&|!()")).toEqual([]);
  });
});
