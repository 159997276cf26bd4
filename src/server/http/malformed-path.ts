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

/**
 * The 400 page of docs/product.md "Errors" ("Bad Request"), in the layout of the framework's own error pages.
 * Static and script-free: its CSP (below) allows only its inline styles.
 */
export const BAD_REQUEST_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>400: Bad Request</title></head>
<body style="margin:0"><main style="font-family:system-ui,sans-serif;height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;text-align:center">
<h1 style="display:inline-block;margin:0 20px 0 0;padding:0 23px 0 0;font-size:24px;font-weight:500;vertical-align:top;line-height:49px;border-right:1px solid rgba(0,0,0,.3)">400</h1>
<h2 style="font-size:14px;font-weight:400;line-height:49px;margin:0;display:inline-block">Bad Request</h2>
</main></body></html>
`;

/** The resource CSP of security-headers.ts plus the 400 page's own inline styles. */
export const BAD_REQUEST_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
