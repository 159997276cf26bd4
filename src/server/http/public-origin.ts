import { getEnv } from "../env";

/**
 * The origin readers reach Quire at, for absolute URLs in pages (canonical links): PUBLIC_URL
 * when set, else the request's Host (with X-Forwarded-Proto only behind a trusted proxy).
 */
export function publicOrigin(headers: Headers): string {
  const env = getEnv();
  if (env.PUBLIC_URL) return new URL(env.PUBLIC_URL).origin;
  const host = headers.get("host") ?? `localhost:${env.PORT}`;
  const forwarded = env.TRUST_PROXY === "1" ? headers.get("x-forwarded-proto")?.split(",")[0]?.trim() : undefined;
  const protocol = forwarded === "https" ? "https" : "http";
  return `${protocol}://${host}`;
}
