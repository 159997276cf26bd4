import type { IncomingHttpHeaders, ServerResponse } from "node:http";

/**
 * Whether the browser reached Quire over https. server.ts itself speaks plain http, so only a
 * trusted proxy (TRUST_PROXY=1) can say so, in X-Forwarded-Proto (its first value: the hop
 * nearest the browser, as for X-Forwarded-For).
 */
export function isForwardedHttps(headers: IncomingHttpHeaders, trustProxy: boolean): boolean {
  if (!trustProxy) return false;
  const header = headers["x-forwarded-proto"];
  const first = (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.trim().toLowerCase();
  return first === "https";
}

/**
 * Marks every cookie `response` sets `Secure`, whoever sets it (better-auth's API, a server
 * action through Next). better-auth fixes its cookie attributes once, from PUBLIC_URL; behind a
 * TLS-terminating proxy without an https PUBLIC_URL, the request's own scheme decides. Done as
 * the headers go out (every response passes through writeHead, implicitly or not).
 */
export function secureEveryCookie(response: ServerResponse): void {
  const writeHead = response.writeHead;
  response.writeHead = function writeHeadWithSecureCookies(this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    const cookies = this.getHeader("set-cookie");
    if (cookies !== undefined) this.setHeader("set-cookie", [cookies].flat().map((cookie) => withSecure(String(cookie))));
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}

/** A Set-Cookie value with the Secure attribute (unchanged when it has one). */
export function withSecure(cookie: string): string {
  return /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`;
}
