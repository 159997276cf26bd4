import { ABOUT_BLANK, IMAGE_ACCEPT, IMAGE_PROTOCOLS, LINK_PROTOCOLS } from "./editor-rules";

// Relative addresses resolve against the page, as Quill's own sanitiser does
// (quill/formats/link.js: it reads the protocol of an <a> whose href is the value).
const BASE = "https://quire.invalid/";

function protocolOf(url: string): string | null {
  try {
    return new URL(url.trim(), BASE).protocol.slice(0, -1).toLowerCase();
  } catch {
    return null; // unparsable: treated as not allowed
  }
}

/** The link rule (docs/product.md "Editor rules"): http, https, mailto, tel, else "about:blank". */
export function sanitizeLinkUrl(url: unknown): string {
  if (typeof url !== "string") return ABOUT_BLANK;
  const protocol = protocolOf(url);
  return protocol && (LINK_PROTOCOLS as readonly string[]).includes(protocol) ? url : ABOUT_BLANK;
}

/**
 * The image rule (docs/product.md "Editor rules"): http, https or data, else "" (blank). A data: address must be
 * one of the picker's raster types, so data:image/svg+xml or data:text/html never load.
 */
export function sanitizeImageUrl(url: unknown): string {
  if (typeof url !== "string") return "";
  const protocol = protocolOf(url);
  if (!protocol || !(IMAGE_PROTOCOLS as readonly string[]).includes(protocol)) return "";
  if (protocol !== "data") return url;
  const mime = /^data:([^;,]+)[;,]/i.exec(url.trim())?.[1]?.toLowerCase();
  return mime && (IMAGE_ACCEPT as readonly string[]).includes(mime) ? url : "";
}
