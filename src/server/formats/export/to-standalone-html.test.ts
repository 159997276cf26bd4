import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportStyles } from "./export-styles";
import { replaceImageSources } from "./replace-image-sources";
import { toStandaloneHtml } from "./to-standalone-html";
import { FIXTURES_DIR } from "@test/fixtures";

const sample = fs.readFileSync(path.join(FIXTURES_DIR, "export/quill-sample.html"), "utf8");

describe("toStandaloneHtml", () => {
  it("builds a whole document: doctype, UTF-8 before anything else, title, body", () => {
    const html = toStandaloneHtml({ title: "Release notes", html: sample }, "p{}");
    expect(html.startsWith("<!doctype html>\n<html>\n<head>\n<meta charset=\"utf-8\">")).toBe(true);
    expect(html).toContain("<title>Release notes</title>");
    expect(html).toContain(`<div class="ql-editor">\n${sample}\n</div>`);
    expect(html.trimEnd().endsWith("</html>")).toBe(true);
  });

  it("escapes the title and names an empty one Untitled", () => {
    expect(toStandaloneHtml({ title: '<script>"x" & y</script>', html: "" }, "")).toContain(
      "<title>&lt;script&gt;&quot;x&quot; &amp; y&lt;/script&gt;</title>",
    );
    expect(toStandaloneHtml({ title: "   ", html: "" }, "")).toContain("<title>Untitled</title>");
  });

  it("inlines the snow, KaTeX and code styles and makes no external requests", () => {
    const css = exportStyles();
    expect(css).toContain(".ql-snow .ql-editor h1");
    expect(css).toContain(".katex");
    expect(css).toContain(".hljs-keyword");
    expect(css).not.toContain("@font-face");
    const html = toStandaloneHtml({ title: "T", html: "<p>x</p>" });
    expect(html).not.toMatch(/<script|<link|url\((?!data:)/i);
  });
});

describe("replaceImageSources", () => {
  it("rewrites matching image sources and keeps the rest", () => {
    const html = '<p><img src="/api/v1/files/abc"><img class="x" src="https://e.com/a.png?x=1&amp;y=2"></p>';
    const seen: string[] = [];
    const out = replaceImageSources(html, (src) => {
      seen.push(src);
      return src.startsWith("/api/v1/files/") ? 'data:image/png;base64,AAA"' : null;
    });
    expect(seen).toEqual(["/api/v1/files/abc", "https://e.com/a.png?x=1&y=2"]);
    expect(out).toBe('<p><img src="data:image/png;base64,AAA&quot;"><img class="x" src="https://e.com/a.png?x=1&amp;y=2"></p>');
  });
});
