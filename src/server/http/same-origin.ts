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
