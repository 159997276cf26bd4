/**
 * Replaces every `<img>` whose address is on the web (http/https) with a link to it, for a
 * PDF: the printer loads nothing from the network (pdf-printer.ts), so such an image would
 * print as a broken icon. Works on the stable serialisation the renderer stores (double-
 * quoted, already escaped attributes), like replaceImageSources.
 */
export function remoteImagesAsLinks(html: string): string {
  return html.replace(/<img\b[^>]*>/gi, (tag) => {
    const src = /\ssrc="(https?:[^"]*)"/i.exec(tag)?.[1];
    if (!src) return tag;
    const alt = /\salt="([^"]*)"/i.exec(tag)?.[1];
    return `<a href="${src}">[${alt || "image"}]</a>`;
  });
}
