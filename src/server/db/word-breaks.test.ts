import { describe, expect, it } from "vitest";
import { MAX_INDEXED_CHARS } from "./search-config";
import { markWordBreaks, segmentedText, segmentedTitle, WORD_BREAK as B } from "./word-breaks";

describe("markWordBreaks", () => {
  it("puts a break between the words of Thai, Lao, Khmer and Burmese runs, as ICU's dictionaries find them", () => {
    expect(markWordBreaks("ฉันกินข้าวที่โรงเรียน")).toBe(`ฉัน${B}กิน${B}ข้าว${B}ที่${B}โรงเรียน`);
    expect(markWordBreaks("ປະເທດລາວມີພູເຂົາຫຼາຍ")).toBe(`ປະເທດ${B}ລາວ${B}ມີ${B}ພູເຂົາ${B}ຫຼາຍ`);
    expect(markWordBreaks("ខ្ញុំចូលចិត្តរៀន")).toBe(`ខ្ញុំ${B}ចូលចិត្ត${B}រៀន`);
    expect(markWordBreaks("ရန်ကုန်မြို့")).toBe(`ရန်${B}ကုန်${B}မြို့`);
  });

  it("leaves everything else as it is, so taking the breaks out gives the text back", () => {
    const text = "Plan: ฉันกินข้าว, 東京都の天気 and café — โรงเรียน!";
    expect(markWordBreaks(text)).toBe(`Plan: ฉัน${B}กิน${B}ข้าว, 東京都の天気 and café — โรงเรียน!`);
    expect(markWordBreaks(text).replaceAll(B, "")).toBe(text);
    expect(markWordBreaks("plain words, 天気")).toBe("plain words, 天気");
  });

  it("segments a long run a piece at a time, where one piece at a time would be quadratic, as it does in one piece", () => {
    const sentence = "พรุ่งนี้เราจะประชุมเรื่องงบประมาณที่สำนักงานกรุงเทพมหานคร";
    const run = sentence.repeat(60); // 3,420 characters without a space: four pieces
    const whole = Array.from(new Intl.Segmenter("th", { granularity: "word" }).segment(run), (part) => part.segment).join(B);
    expect(markWordBreaks(run)).toBe(whole);
  });
});

describe("segmentedTitle and segmentedText", () => {
  it("are null when there is no break to mark", () => {
    expect(segmentedTitle("Quarterly plans")).toBeNull();
    expect(segmentedTitle("โรงเรียน")).toBeNull();
    expect(segmentedText("東京都の天気\n")).toBeNull();
    expect(segmentedTitle("กินข้าว")).toBe(`กิน${B}ข้าว`);
  });

  it("cover the indexed part of the text, counted in code points as PostgreSQL's left() counts", () => {
    const head = "😀".repeat(MAX_INDEXED_CHARS - 7); // each a surrogate pair: two UTF-16 units, one character
    expect(segmentedText(`${head}กินข้าวที่โรงเรียน`)).toBe(`${head}กิน${B}ข้าว`);
    // Only กิ is indexed: nothing to mark.
    expect(segmentedText(`${head}abc dกินข้าว`)).toBeNull();
  });
});
