import type { IncomingMessage } from "node:http";

/**
 * Whether a WebSocket handshake comes from a page of this site. Browsers always send
 * Origin on WebSocket handshakes, so a foreign page can't ride a user's cookie into
 * /collab (cross-site WebSocket hijacking). Non-browser clients send none and pass;
 * they still have to authenticate.
 */
export function isSameOriginUpgrade(request: IncomingMessage, publicUrl: string | undefined): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  return originMatches(origin, publicUrl ? new URL(publicUrl).host : request.headers.host);
}

/**
 * Whether a cookie-authenticated API request that changes data comes from a page of this site
 * (cross-site request forgery). Browsers send Origin on every cross-origin request and on
 * same-origin ones other than GET/HEAD; when it is missing, `Sec-Fetch-Site` still tells a
 * cross-site request apart. Clients that send neither (curl with a cookie jar) pass.
 */
export function isSameOriginRequest(headers: Headers, publicUrl: string | undefined): boolean {
  const origin = headers.get("origin");
  if (origin) return originMatches(origin, publicUrl ? new URL(publicUrl).host : headers.get("host"));
  const site = headers.get("sec-fetch-site");
  return site === null || site === "same-origin" || site === "none";
}

function originMatches(origin: string, expectedHost: string | null | undefined): boolean {
  try {
    return new URL(origin).host === expectedHost;
  } catch {
    return false; // "null" or garbage: not a page of ours
  }
}
