import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import type { Env } from "@/server/env";

/**
 * The header server.ts sets to the caller's address on every request, replacing any
 * value the client sent, so rate limits key on an address nobody can forge.
 */
export const CLIENT_IP_HEADER = "x-quire-client-ip";

/**
 * How many reverse proxies stand in front of Quire (TRUST_PROXY: 0 for none, 1 for one nginx,
 * 2 for a load balancer in front of nginx…). Their X-Forwarded-* headers are believed only then.
 */
export function trustedProxyHops(env: Pick<Env, "TRUST_PROXY">): number {
  return Number(env.TRUST_PROXY) || 0;
}

/** Whether a reverse proxy's X-Forwarded-* headers are believed at all (TRUST_PROXY ≥ 1). */
export function isBehindTrustedProxy(env: Partial<Pick<Env, "TRUST_PROXY">>): boolean {
  return trustedProxyHops({ TRUST_PROXY: env.TRUST_PROXY ?? "0" }) > 0;
}

/**
 * Overwrites CLIENT_IP_HEADER on `request` with the caller's address: the socket's, or, behind
 * `proxyHops` trusted proxies, the one the outermost of them saw (forwardedClientIp).
 */
export function stampClientIp(request: IncomingMessage, proxyHops: number): void {
  const socketAddress = request.socket.remoteAddress ?? "unknown";
  request.headers[CLIENT_IP_HEADER] = proxyHops > 0 ? forwardedClientIp(request.headers["x-forwarded-for"], socketAddress, proxyHops) : socketAddress;
}

/**
 * The client address behind `proxyHops` trusted proxies. Each proxy appends the address it was
 * reached from to X-Forwarded-For (nginx's `$proxy_add_x_forwarded_for`), after whatever the
 * client wrote there itself: only the entries the trusted proxies added can be believed, and they
 * are the last ones. With the socket's address (the nearest proxy) at the end of the list, the
 * client is `proxyHops` places from the right; a shorter list (fewer proxies than said) gives its
 * first entry, as Express's `trust proxy` does.
 */
export function forwardedClientIp(header: string | string[] | undefined, socketAddress: string, proxyHops: number): string {
  const forwarded = [header ?? []]
    .flat()
    .flatMap((value) => value.split(","))
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  const chain = [...forwarded, socketAddress];
  return chain[Math.max(0, chain.length - 1 - proxyHops)] ?? socketAddress;
}

/** The address server.ts stamped on a request, when it is one ("unknown" is not): for the audit log. */
export function clientIpOf(headers: Pick<Headers, "get">): string | undefined {
  const value = headers.get(CLIENT_IP_HEADER)?.trim();
  // A trusted proxy's X-Forwarded-For may say anything; only a real address goes into an inet column.
  return value && isIP(value) ? value : undefined;
}
