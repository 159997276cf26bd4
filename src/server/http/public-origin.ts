import { isBehindTrustedProxy } from "@/server/auth/client-ip";
import type { Env } from "@/server/env";
import { getEnv } from "@/server/env";

/**
 * The origin of a URL handed back to whoever sent the request (a published page's canonical
 * link, an export's file links, the OpenAPI document, an invitation's link shown to copy):
 * PUBLIC_URL when set; otherwise the request's Host (and, behind a trusted proxy, its
 * X-Forwarded-Proto/Host), which is what the person's browser used. The sender chooses those
 * headers, so what it builds goes back to the sender only: never into an email (mail/mail-link-origin.ts).
 */
export function publicOrigin(headers: Headers, env: Pick<Env, "PUBLIC_URL" | "TRUST_PROXY"> = getEnv()): string {
  if (env.PUBLIC_URL) return new URL(env.PUBLIC_URL).origin;
  const isProxied = isBehindTrustedProxy(env);
  const proto = (isProxied ? first(headers.get("x-forwarded-proto")) : undefined) ?? "http";
  const host = (isProxied ? first(headers.get("x-forwarded-host")) : undefined) ?? headers.get("host") ?? "localhost";
  return `${proto === "https" ? "https" : "http"}://${host}`;
}

function first(value: string | null): string | undefined {
  return value?.split(",")[0]?.trim() || undefined;
}
