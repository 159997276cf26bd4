import { describe, expect, it } from "vitest";
import { rewriteLinks } from "./rewrite-links";

const link = (href: string, content: string) => `<a href="${href}" rel="noopener noreferrer" target="_blank">${content}</a>`;

describe("rewriteLinks", () => {
  it("gives each link's address, decoded, and rewrites, unlinks or keeps it as told", () => {
    const html = `<p>${link("/a?x=1&amp;y=&quot;2&quot;", "one")} ${link("/b", "<strong>two</strong> <em>parts</em>")} ${link("https://example.com/", "three")}</p>`;
    const seen: string[] = [];
    const out = rewriteLinks(html, (href) => {
      seen.push(href);
      if (href.startsWith("/a")) return '/new?a=1&b="2"';
      if (href === "/b") return null;
      return undefined;
    });
    expect(seen).toEqual(['/a?x=1&y="2"', "/b", "https://example.com/"]);
    expect(out).toBe(
      `<p>${link("/new?a=1&amp;b=&quot;2&quot;", "one")} <strong>two</strong> <em>parts</em> ${link("https://example.com/", "three")}</p>`,
    );
  });

  it("handles each piece of a link split by formats, and links inside blocks and list items", () => {
    const html = `<ol><li data-list="bullet">${link("/b", "<strong>x</strong>")}${link("/b", "y")}</li></ol><h2>${link("/b", "z")}</h2>`;
    expect(rewriteLinks(html, () => null)).toBe('<ol><li data-list="bullet"><strong>x</strong>y</li></ol><h2>z</h2>');
  });

  it("leaves HTML without links, and links it is told to keep, byte for byte", () => {
    const html = `<p>plain &lt;a href="/b"&gt; text</p><p>${link("/b", "kept")}</p>`;
    expect(rewriteLinks(html, () => undefined)).toBe(html);
    expect(rewriteLinks("<p>nothing</p>", () => null)).toBe("<p>nothing</p>");
  });
});
