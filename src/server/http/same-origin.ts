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
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false; // "null" or garbage: not a page of ours
  }
  const expected = publicUrl ? new URL(publicUrl).host : request.headers.host;
  return originHost === expected;
}

/**
 * Whether a state-changing API request may ride the session cookie: one with an
 * `Authorization` header is not using the cookie and passes; otherwise an `Origin` the browser
 * sent must be this site's (PUBLIC_URL's host, else the request's Host), so a page of another
 * site can't post to us with a member's cookie. Clients that send no Origin are not browsers
 * and pass (they still authenticate).
 */
export function isSameOriginRequest(headers: Headers, publicUrl: string | undefined): boolean {
  if (headers.get("authorization")) return true;
  const origin = headers.get("origin");
  if (!origin) return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  const expected = publicUrl ? new URL(publicUrl).host : headers.get("host");
  return originHost === expected;
}
