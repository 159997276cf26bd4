import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "./csv";

describe("csvCell", () => {
  it.each([
    ["=HYPERLINK(\"http://evil\")", "\"'=HYPERLINK(\"\"http://evil\"\")\""],
    ["+1+2", "'+1+2"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", "'\t=1"],
    ["\r=1", "\"'\r=1\""],
    ["plain", "plain"],
    ["a, b", "\"a, b\""],
    ["say \"hi\"", "\"say \"\"hi\"\"\""],
    ["two\nlines", "\"two\nlines\""],
    ["", ""],
  ])("writes %j as %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it("leaves numbers, booleans and empty values alone (a negative number is a number, not a formula)", () => {
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("ends a row with CRLF", () => {
    expect(csvRow(["a", "=b", 1])).toBe("a,'=b,1\r\n");
  });
});
