/**
 * The security headers of every response (docs/architecture.md, "Security headers and CSP").
 * Pure functions of their inputs: `src/proxy.ts` builds the page policy per request, and
 * `server.ts` stamps the rest on every response, including the ones Next never sees.
 */

/** The request header carrying the page's nonce to the root layout (Next reads it from the CSP itself). */
export const NONCE_HEADER = "x-nonce";

/** The Content-Security-Policy of an HTML page, built per request around its nonce. */
export function pageContentSecurityPolicy(options: {
  /** Fresh for every request; Next copies it onto its own scripts. */
  nonce: string;
  /** Development mode: React's refresh and error overlay need eval. */
  isDev: boolean;
  /** The origin the browser uses (`https://docs.example.com`), for the socket's ws:/wss: source. */
  origin: string;
}): string {
  const { nonce, isDev, origin } = options;
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // 'strict-dynamic': scripts our nonced scripts load (Next's chunks, Quill's lazy import)
    // are trusted; no host list, no 'unsafe-inline' for scripts. React's dev tooling uses eval.
    "script-src": ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(isDev ? ["'unsafe-eval'"] : [])],
    // Style *attributes* can't carry a nonce, and the editor is made of them: Quill writes
    // colours, backgrounds and image sizes as style="…", KaTeX positions every glyph with one,
    // next-themes sets color-scheme on <html>, and Radix's scroll lock injects a <style> without
    // a nonce. A nonce here would also make browsers ignore 'unsafe-inline'. Scripts stay strict.
    "style-src": ["'self'", "'unsafe-inline'"],
    // Uploaded images come through /_next/image or /api/v1/files; data: and blob: are pasted or
    // dropped images. http(s): because image embeds of any web address are kept (docs/product.md "Editor rules").
    "img-src": ["'self'", "data:", "blob:", "https:", ...(origin.startsWith("http:") ? ["http:"] : [])],
    "font-src": ["'self'", "data:"],
    // 'self' covers same-origin ws:/wss: in CSP Level 3 browsers; the explicit source keeps
    // /collab working in browsers that still read 'self' as http(s) only.
    "connect-src": ["'self'", socketOrigin(origin), ...(isDev ? ["ws:", "wss:"] : [])],
    "media-src": ["'self'"],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "frame-src": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return serialize(directives);
}

/**
 * The policy for everything that isn't a page (API answers, uploads, static files, images):
 * nothing in it may run, load or be framed, should a browser ever open it as a document.
 */
export const RESOURCE_CONTENT_SECURITY_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Policy for `/_next/image` answers (next.config.ts `images.contentSecurityPolicy`). */
export const IMAGE_CONTENT_SECURITY_POLICY = `${RESOURCE_CONTENT_SECURITY_POLICY}; sandbox`;

/** The headers every response carries, whatever produced it. */
export function baseSecurityHeaders(options: { publicUrl: string | undefined }): Record<string, string> {
  const headers: Record<string, string> = {
    // Full URL to our own pages; only the origin to other sites (a document URL carries its
    // title), and nothing from https to http. Stricter "no-referrer" would blank the Referer
    // better-auth and Next's server actions fall back to when checking the origin.
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Content-Type-Options": "nosniff",
    // Nothing in Quire uses these; the clipboard and fullscreen stay with the page itself.
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
    // frame-ancestors does this for browsers with CSP 2; X-Frame-Options for the rest.
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    // A fallback the page proxy replaces with the page policy: API answers, static files and
    // anything else get the resource policy without a per-path list to keep in sync.
    "Content-Security-Policy": RESOURCE_CONTENT_SECURITY_POLICY,
  };
  // Only when the public address is https: over plain http the browser ignores it anyway,
  // and sending it from a localhost or LAN install would pin a host that has no certificate.
  if (options.publicUrl?.startsWith("https:")) {
    headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  }
  return headers;
}

/** A fresh random nonce: 16 bytes, base64 (a CSP nonce-source). */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

function socketOrigin(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
}

function serialize(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}
