import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";

/**
 * The header server.ts sets to the caller's address on every request, replacing any
 * value the client sent, so rate limits key on an address nobody can forge.
 */
export const CLIENT_IP_HEADER = "x-quire-client-ip";

/** Overwrites CLIENT_IP_HEADER on `request` with the socket's (or trusted proxy's) client address. */
export function stampClientIp(request: IncomingMessage, trustProxy: boolean): void {
  const forwarded = trustProxy ? firstForwardedFor(request.headers["x-forwarded-for"]) : undefined;
  request.headers[CLIENT_IP_HEADER] = forwarded ?? request.socket.remoteAddress ?? "unknown";
}

function firstForwardedFor(value: string | string[] | undefined): string | undefined {
  const header = Array.isArray(value) ? value[0] : value;
  const first = header?.split(",")[0]?.trim();
  return first || undefined;
}

/** The address server.ts stamped on a request, when it is one ("unknown" is not): for the audit log. */
export function clientIpOf(headers: Pick<Headers, "get">): string | undefined {
  const value = headers.get(CLIENT_IP_HEADER)?.trim();
  // A trusted proxy's X-Forwarded-For may say anything; only a real address goes into an inet column.
  return value && isIP(value) ? value : undefined;
}
