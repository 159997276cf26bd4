import { describe, expect, it } from "vitest";
import { SEARCH_SEPARATOR } from "@/server/db/search-config";
import { HIGHLIGHT_START as S, HIGHLIGHT_STOP as E } from "@/server/presenters/snippet-html";
import { markSplitRuns, queryWords, splitRuns } from "./list-snippets";

// A headline as ts_headline gives it for quire_search_text's text: each Chinese or Japanese
// character between separators, each one that is a query lexeme marked on its own.
const headline = (text: string, marked: string) =>
  [...text]
    .map((char) => (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(char) ? `${SEARCH_SEPARATOR}${marked.includes(char) ? `${S}${char}${E}` : char}${SEARCH_SEPARATOR}` : char))
    .join("");

describe("splitRuns", () => {
  it("lists the Chinese and Japanese runs of words and phrases looked for, longest first, not excluded ones", () => {
    expect(splitRuns('天気 "東京 の" -晴れ abc東京都 or 雨')).toEqual(["東京都", "天気", "東京", "の", "雨"]);
    expect(splitRuns("plain words")).toEqual([]);
  });
});

describe("markSplitRuns", () => {
  it("marks the runs where they stand, not each of their characters elsewhere, and takes the separators out", () => {
    expect(markSplitRuns(headline("東京都の天気。天ぷらと空気", "天気"), ["天気"])).toBe(`東京都の${S}天気${E}。天ぷらと空気`);
  });

  it("joins runs that overlap or touch into one mark, and leaves other marks as they are", () => {
    const text = `${S}OKR${E}-2026 ${headline("東京都", "東京都")}`;
    expect(markSplitRuns(text, ["東京", "京都"])).toBe(`${S}OKR${E}-2026 ${S}東京都${E}`);
  });

  it("only takes the separators out when the query has no Chinese or Japanese", () => {
    expect(markSplitRuns(`a ${S}b${E}${SEARCH_SEPARATOR}`, [])).toBe(`a ${S}b${E}`);
  });
});

describe("queryWords", () => {
  it("keeps words with their marks, and Chinese or Japanese runs whole", () => {
    expect(queryWords('Café "naïve" -x 東京 or हिन्दी')).toEqual(["café", "naïve", "東京", "हिन्दी"]);
  });
});
