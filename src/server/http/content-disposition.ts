/**
 * A `Content-Disposition` for a download (RFC 6266): `filename` the ASCII name for clients that
 * read only it, `filename*` the UTF-8 name (RFC 8187's encoding, which percent-encodes what is
 * not an attribute character, `'()*` included).
 */
export function attachmentDisposition(asciiName: string, name: string): string {
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${asciiName.replace(/["\\]/g, "")}"; filename*=UTF-8''${encoded}`;
}
