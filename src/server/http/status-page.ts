/**
 * A page server.ts answers itself, before Next sees the request (a malformed address, a method the
 * address doesn't take), in the layout of the framework's own error pages with the framework's text
 * (docs/product.md "Errors"). Static and script-free: STATUS_PAGE_CSP allows only its inline styles.
 */
export function statusPage(status: number, text: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${status}: ${text}</title></head>
<body style="margin:0"><main style="font-family:system-ui,sans-serif;height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;text-align:center">
<h1 style="display:inline-block;margin:0 20px 0 0;padding:0 23px 0 0;font-size:24px;font-weight:500;vertical-align:top;line-height:49px;border-right:1px solid rgba(0,0,0,.3)">${status}</h1>
<h2 style="font-size:14px;font-weight:400;line-height:49px;margin:0;display:inline-block">${text}</h2>
</main></body></html>
`;
}

/** The resource CSP of security-headers.ts plus the status page's own inline styles. */
export const STATUS_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
