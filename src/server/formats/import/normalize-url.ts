// What a URL may hold as it is (RFC 3986's reserved and unreserved characters, as commonmark.js's
// mdurl keeps them); everything else is percent-encoded as UTF-8.
const KEPT = /[A-Za-z0-9;/?:@&=+$,\-_.!~*'()#]/;

/**
 * A link or image address percent-encoded the way CommonMark writes it (commonmark.js
 * `normalizeURI`): characters outside a URL's own set become `%XX` of their UTF-8 bytes, `%`
 * stays when it starts an escape, and what is already encoded is left alone, so the same
 * address reads the same from any Markdown reader or HTML file. `data:` addresses are left
 * as they are (their bytes are the image). Spaces and controls at the ends are dropped first,
 * as browsers drop them from an attribute's URL.
 */
export function normalizeUrl(address: string): string {
  const url = address.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  if (/^data:/i.test(url)) return url;
  let result = "";
  for (let index = 0; index < url.length; index += 1) {
    const char = url[index] ?? "";
    if (KEPT.test(char)) {
      result += char;
    } else if (char === "%" && /^[0-9a-f]{2}$/i.test(url.slice(index + 1, index + 3))) {
      result += char;
    } else {
      const code = url.codePointAt(index) ?? 0;
      // A lone surrogate can't be UTF-8: it becomes U+FFFD, as in mdurl.
      const isPair = code > 0xffff;
      const isLoneSurrogate = !isPair && code >= 0xd800 && code <= 0xdfff;
      result += encodeURIComponent(isLoneSurrogate ? "\ufffd" : String.fromCodePoint(code));
      if (isPair) index += 1;
    }
  }
  return result;
}
