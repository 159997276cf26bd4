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

  it("makes each Chinese or Japanese character a part, and keeps combining marks in their word", () => {
    expect(wordParts("東京abc")).toEqual(["東", "京", "abc"]);
    expect(wordParts("テキスト・データ")).toEqual(["テ", "キ", "ス", "ト", "デ", "ー", "タ"]);
    expect(wordParts("人々")).toEqual(["人", "々"]);
    expect(wordParts("𠮟る")).toEqual(["𠮟", "る"]);
    // Hindi's vowel signs and a decomposed accent are marks: the word stays one part.
    expect(wordParts("हिन्दी")).toEqual(["हिन्दी"]);
    expect(wordParts("cafe\u0301")).toEqual(["cafe\u0301"]);
    // Korean is written with spaces: its words stay whole.
    expect(wordParts("한국어")).toEqual(["한국어"]);
  });
});
