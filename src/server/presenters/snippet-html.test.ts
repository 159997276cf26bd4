import { describe, expect, it } from "vitest";
import { snippetHtml } from "./snippet-html";

describe("snippetHtml", () => {
  it("escapes the text and turns the marks into balanced <mark> elements", () => {
    expect(snippetHtml('a <b> & "c" \u0001hit\u0002 \'d\'')).toBe("a &lt;b&gt; &amp; &quot;c&quot; <mark>hit</mark> &#39;d&#39;");
    expect(snippetHtml("\u0001\u0001open")).toBe("<mark>open</mark>");
    expect(snippetHtml("\u0002stray\u0002")).toBe("stray");
  });
});
