import { describe, expect, it } from "vitest";
import { deltaText, soakMarker, tallyStored } from "./soak-tally";

// How `npm run soak` counts the keystrokes a document stored: by each client's marked line.
describe("tallyStored", () => {
  const a = soakMarker(101, 0);
  const b = soakMarker(101, 1);
  const c = soakMarker(202, 0);

  it("counts every line stored exactly as typed, across documents and whatever is around them", () => {
    const stored = `Warm-up line.\n\n${a}hello world\n${b}\n\n${c}xyz\n`;
    const tally = tallyStored(stored, [
      { marker: a, typed: "hello world" },
      { marker: b, typed: "" },
      { marker: c, typed: "xyz" },
    ]);
    expect(tally).toMatchObject({ typed: 14, stored: 14, inexact: [] });
  });

  it("counts a line's stored characters from its start: a lost update loses what follows it", () => {
    const tally = tallyStored(`${a}helXo\n${c}xy\n`, [
      { marker: a, typed: "hello" },
      { marker: c, typed: "xyz" },
    ]);
    expect(tally.typed).toBe(8);
    expect(tally.stored).toBe(5); // "hel" and "xy"
    expect(tally.inexact.map((line) => [line.marker, line.stored, line.copies])).toEqual([
      [a, 3, 1],
      [c, 2, 1],
    ]);
  });

  it("treats a missing line as nothing stored, and extra or duplicated text as not exact", () => {
    const tally = tallyStored(`${a}hello and more\n${b}hi\n${b}hi\n`, [
      { marker: a, typed: "hello" },
      { marker: b, typed: "hi" },
      { marker: c, typed: "gone" },
    ]);
    expect(tally.stored).toBe(5 + 2);
    expect(tally.inexact.map((line) => [line.marker, line.exact, line.copies])).toEqual([
      [a, false, 1],
      [b, false, 2],
      [c, false, 0],
    ]);
  });

  it("reads a delta's text, an embed standing for one character that is never typed", () => {
    expect(deltaText({ ops: [{ insert: "ab" }, { insert: { image: "x.png" } }, { insert: "c\n" }] })).toBe("ab\u{FFFC}c\n");
    expect(deltaText({})).toBe("");
  });
});
