import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { toMarkdown } from "./to-markdown";
import { FIXTURES_DIR } from "@test/fixtures";

const FIXTURES = path.join(FIXTURES_DIR, "export");
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), "utf8");

const li = (list: string, text: string, indent = 0) =>
  `<li data-list="${list}"${indent ? ` class="ql-indent-${indent}"` : ""}><span class="ql-ui" contenteditable="false"></span>${text}</li>`;
const code = (language: string, ...lines: string[]) =>
  `<div class="ql-code-block-container" spellcheck="false">${lines.map((l) => `<div class="ql-code-block" data-language="${language}">${l}</div>`).join("")}</div>`;

describe("toMarkdown", () => {
  it("converts the sample document exactly as the fixture says", () => {
    expect(toMarkdown(fixture("quill-sample.html"))).toBe(fixture("quill-sample.md"));
  });

  it("never nests more than one level deeper than the item before", () => {
    const html = `<ol>${li("bullet", "top")}${li("bullet", "skipped a level", 3)}${li("bullet", "back", 1)}</ol>`;
    expect(toMarkdown(html)).toBe("- top\n    - skipped a level\n    - back\n");
  });

  it("restarts numbering after another list type or a shallower item, not after deeper ones", () => {
    const html = `<ol>${li("ordered", "a")}${li("bullet", "b")}${li("ordered", "c")}${li("ordered", "d")}${li("bullet", "e", 1)}${li("ordered", "f")}</ol>`;
    expect(toMarkdown(html)).toBe("1. a\n- b\n1. c\n2. d\n    - e\n3. f\n");
  });

  it("fences code containing backticks with a longer fence and drops the plain language", () => {
    expect(toMarkdown(code("plain", "a ``` b", "<br>"))).toBe("````\na ``` b\n\n````\n");
  });

  it("keeps underline around converted content and drops empty formulas", () => {
    expect(toMarkdown('<p><u><strong>bold</strong> text</u> and <span class="ql-formula" data-value=""></span>.</p>')).toBe(
      "<u>**bold** text</u> and .\n",
    );
  });

  it("answers an empty string for an empty document", () => {
    expect(toMarkdown("<p><br></p>")).toBe("");
  });
});
