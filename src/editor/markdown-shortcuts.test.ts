import { describe, expect, it } from "vitest";
import { matchBlockShortcut, matchInlineShortcut } from "./markdown-shortcuts";

describe("matchBlockShortcut", () => {
  it.each([
    ["#", " ", { header: 1 }],
    ["##", " ", { header: 2 }],
    ["###", " ", { header: 3 }],
    [">", " ", { blockquote: true }],
    ["``", "`", { "code-block": "plain" }],
  ])("turns %j then %j into %j", (prefix, key, attributes) => {
    expect(matchBlockShortcut(prefix, key)).toEqual({ attributes });
  });

  it.each([
    ["####", " "], // no fourth heading level in the editor's formats
    ["# ", " "],
    ["a#", " "],
    [" #", " "],
    ["#", "a"],
    ["`", "`"],
    ["a``", "`"],
    ["---", " "], // no divider format
    ["", " "],
    ["-", " "], // Quill's own list shortcut
  ])("leaves %j then %j alone", (prefix, key) => {
    expect(matchBlockShortcut(prefix, key)).toBeNull();
  });
});

describe("matchInlineShortcut", () => {
  it.each([
    ["**bold*", "*", { format: "bold", start: 0, marker: 2, text: "bold" }],
    ["say **two words*", "*", { format: "bold", start: 4, marker: 2, text: "two words" }],
    ["*it", "*", { format: "italic", start: 0, marker: 1, text: "it" }],
    ["an (*aside", "*", { format: "italic", start: 4, marker: 1, text: "aside" }],
    ["run `npm ci", "`", { format: "code", start: 4, marker: 1, text: "npm ci" }],
    ["`a * b ", "`", { format: "code", start: 0, marker: 1, text: "a * b " }],
    ["**a* and *b", "*", { format: "italic", start: 9, marker: 1, text: "b" }],
  ])("closes %j with %j", (prefix, key, match) => {
    expect(matchInlineShortcut(prefix, key)).toEqual(match);
  });

  it.each([
    ["**bold", "*"], // the first closing star waits for the second
    ["2*3", "*"], // inside a word
    ["* item", "*"], // starts with a space
    ["*item ", "*"], // ends with a space
    ["**", "*"],
    ["*", "*"],
    ["no marker", "*"],
    ["***", "*"],
    ["``", "`"],
    ["`", "`"],
    ["a `  ", "`"],
    ["**bold*", "_"],
  ])("leaves %j then %j alone", (prefix, key) => {
    expect(matchInlineShortcut(prefix, key)).toBeNull();
  });

  it("looks back only to the opening marker of a long line", () => {
    const prefix = `${"word ".repeat(20_000)}**end*`;
    expect(matchInlineShortcut(prefix, "*")).toEqual({ format: "bold", start: 100_000, marker: 2, text: "end" });
  });
});
