import type { Env } from "@/server/env";
import { getEnv, MAIL_NEEDS_PUBLIC_URL } from "@/server/env";

/**
 * The origin of every link Quire emails: PUBLIC_URL's, never a request's. The Host (or
 * X-Forwarded-Host) of a request is whatever its sender wrote: a reset link built on the request
 * that asked for it would send the victim's token to any site the asker named (docs/configuration.md
 * "Email"). Links handed back to the request's own sender may use it (http/public-origin.ts).
 * @throws Error when PUBLIC_URL is unset (env.ts refuses SMTP_URL without it, so a mailer never meets this)
 */
export function mailLinkOrigin(env: Pick<Env, "PUBLIC_URL"> = getEnv()): string {
  if (!env.PUBLIC_URL) throw new Error(`PUBLIC_URL: ${MAIL_NEEDS_PUBLIC_URL}`);
  return new URL(env.PUBLIC_URL).origin;
}
