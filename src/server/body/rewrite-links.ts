// Stored bodies are our own renderer's markup, allow-listed (html-allow-list.ts): a link is an
// `<a>` whose attributes are all double-quoted (a `"` inside is `&quot;`), links never nest, and
// text is escaped, so `</a>` only ever closes one. That is what makes a pattern enough here.
const LINK = /<a((?:\s+[\w-]+="[^"]*")*)\s*>([\s\S]*?)<\/a>/g;
const HREF = /(\shref=")([^"]*)(")/;

/**
 * What to do with a link: a new address, `null` to unlink it (its content stays, as text and
 * whatever else it held), or `undefined` to leave it as it is.
 */
export type LinkRewrite = (href: string) => string | null | undefined;

/**
 * Body HTML with each link's address (entities decoded) passed to `rewrite`. One pass over the
 * string; HTML without a link comes back as it is.
 */
export function rewriteLinks(html: string, rewrite: LinkRewrite): string {
  if (!html.includes("<a ")) return html;
  return html.replace(LINK, (whole, attributes: string, content: string) => {
    const href = HREF.exec(attributes);
    if (!href) return whole;
    const next = rewrite(unescapeAttribute(href[2] ?? ""));
    if (next === undefined) return whole;
    if (next === null) return content;
    return `<a${attributes.replace(HREF, (_match, open: string, _old: string, close: string) => `${open}${escapeAttribute(next)}${close}`)}>${content}</a>`;
  });
}

function unescapeAttribute(value: string): string {
  return value.replace(/&(amp|quot|lt|gt|#39|apos|nbsp);/g, (_whole, name: string) => ({ amp: "&", quot: '"', lt: "<", gt: ">", "#39": "'", apos: "'", nbsp: "\u00a0" })[name] ?? "");
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/\u00a0/g, "&nbsp;");
}
