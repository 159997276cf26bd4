/**
 * Whether a request target's path has a percent-escape that does not decode (`%zz`, a cut-off
 * `%E0%A4`). Next would throw decoding it and answer a plain 500; such a request is the client's
 * fault, so server.ts answers 400 (docs/product.md "Errors": "Bad Request") before Next sees it.
 */
export function hasMalformedPath(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0] ?? "";
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}
