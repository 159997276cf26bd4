import type { Env } from "@/server/env";
import { getEnv } from "@/server/env";

/**
 * The origin people reach Quire at, for URLs that leave the page (canonical links of published
 * pages, invitation emails): PUBLIC_URL when set; otherwise the request's Host (and, behind a
 * trusted proxy, its X-Forwarded-Proto/Host), which is what the person's browser used.
 */
export function publicOrigin(headers: Headers, env: Pick<Env, "PUBLIC_URL" | "TRUST_PROXY"> = getEnv()): string {
  if (env.PUBLIC_URL) return new URL(env.PUBLIC_URL).origin;
  const isProxied = env.TRUST_PROXY === "1";
  const proto = (isProxied ? first(headers.get("x-forwarded-proto")) : undefined) ?? "http";
  const host = (isProxied ? first(headers.get("x-forwarded-host")) : undefined) ?? headers.get("host") ?? "localhost";
  return `${proto === "https" ? "https" : "http"}://${host}`;
}

function first(value: string | null): string | undefined {
  return value?.split(",")[0]?.trim() || undefined;
}
