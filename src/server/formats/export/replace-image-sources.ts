/**
 * Rewrites the `src` of every `<img>` in editor HTML through `replace` (return null to
 * keep it), e.g. to inline uploaded images as data: URIs for an export that must open
 * from disk, or to make them absolute for Markdown. Works on the serialised form Quill
 * and the server's renderer produce: double-quoted attributes with `&` and `"` escaped.
 */
export function replaceImageSources(html: string, replace: (src: string) => string | null): string {
  return html.replace(/(<img\b[^>]*?\ssrc=")([^"]*)(")/gi, (whole, before: string, raw: string, after: string) => {
    const next = replace(decodeAttribute(raw));
    return next === null ? whole : `${before}${encodeAttribute(next)}${after}`;
  });
}

function decodeAttribute(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

function encodeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
}
