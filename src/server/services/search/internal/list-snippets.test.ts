import { describe, expect, it } from "vitest";
import { SEARCH_SEPARATOR } from "@/server/db/search-config";
import { HIGHLIGHT_START as S, HIGHLIGHT_STOP as E } from "@/server/presenters/snippet-html";
import { WORD_BREAK } from "@/server/db/word-breaks";
import { markSegmentedRuns, markSplitRuns, queryWords, segmentedRuns, splitRuns } from "./list-snippets";

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

// A headline as ts_headline gives it for a window with word breaks: quire_search_text's separator
// between the words of a run, the words that are query lexemes marked on their own.
const segmentedHeadline = (text: string, marked: string[]) =>
  text
    .split(WORD_BREAK)
    .map((word) => (marked.includes(word) ? `${S}${word}${E}` : word))
    .join(SEARCH_SEPARATOR);

describe("segmentedRuns", () => {
  it("lists the Thai, Lao, Khmer and Burmese runs looked for as their words, typed words as prefixes, not excluded ones", () => {
    expect(segmentedRuns('กินข้าว "ที่โรงเรียน" -ทุกวัน abc ພູເຂົາ')).toEqual([
      { words: ["กิน", "ข้าว"], isPrefix: true },
      { words: ["ที่", "โรงเรียน"], isPrefix: false },
      { words: ["ພູເຂົາ"], isPrefix: true },
    ]);
  });
});

describe("markSegmentedRuns", () => {
  const B = WORD_BREAK;
  it("marks the words of a run where they stand in a row, not each of them wherever it stands", () => {
    const headline = segmentedHeadline(`ฉัน${B}กิน${B}ข้าว${B}แล้ว${B}ไป${B}กิน${B}น้ำ`, ["กิน", "ข้าว"]);
    const marked = markSegmentedRuns(headline, segmentedRuns("กินข้าว"));
    expect(markSplitRuns(marked, [])).toBe(`ฉัน${S}กินข้าว${E}แล้วไปกินน้ำ`);
  });

  it("takes a typed word's last word as a prefix, a quoted phrase's as a whole word, and the run inside one longer word", () => {
    const headline = segmentedHeadline(`ฉัน${B}กิน${B}ข้าวเหนียว${B}ข้าวมันไก่`, ["กิน", "ข้าวเหนียว", "ข้าวมันไก่"]);
    expect(markSplitRuns(markSegmentedRuns(headline, segmentedRuns("กินข้าว")), [])).toBe(`ฉัน${S}กินข้าวเหนียว${E}ข้าวมันไก่`);
    expect(markSplitRuns(markSegmentedRuns(headline, segmentedRuns('"กินข้าว"')), [])).toBe(`ฉันกินข้าวเหนียวข้าวมันไก่`);
    expect(markSplitRuns(markSegmentedRuns(headline, segmentedRuns("ข้าวมัน")), [])).toBe(`ฉันกินข้าวเหนียว${S}ข้าวมันไก่${E}`);
  });

  it("does not mark the end of a word, and leaves other scripts' marks to ts_headline", () => {
    const headline = `${S}school${E} ${segmentedHeadline(`ไป${B}โรงเรียน`, [])}`;
    expect(markSplitRuns(markSegmentedRuns(headline, segmentedRuns("เรียน school")), [])).toBe(`${S}school${E} ไปโรงเรียน`);
  });
});

describe("queryWords", () => {
  it("keeps words with their marks, and Chinese or Japanese runs whole", () => {
    expect(queryWords('Café "naïve" -x 東京 or हिन्दी')).toEqual(["café", "naïve", "東京", "हिन्दी"]);
  });
});
