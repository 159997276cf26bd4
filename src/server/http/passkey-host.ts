import { passkeyRelyingPartyId } from "@/server/auth/passkey-relying-party";
import { isBehindTrustedProxy } from "@/server/auth/client-ip";
import type { Env } from "@/server/env";
import { getEnv } from "@/server/env";

/**
 * Whether the browser that sent `headers` reached Quire at the host passkeys are bound to
 * (auth/passkey-relying-party.ts): at another host, or an IP address, WebAuthn refuses to make or
 * use one, so the page says where passkeys work instead of offering a button that fails.
 */
export function passkeysUsableAt(headers: Headers, env: Pick<Env, "PUBLIC_URL"> & Partial<Pick<Env, "TRUST_PROXY">> = getEnv()): boolean {
  const forwarded = isBehindTrustedProxy(env) ? headers.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  const host = forwarded || headers.get("host");
  if (!host) return false;
  const hostname = new URL(`http://${host}`).hostname;
  const rpId = passkeyRelyingPartyId(env.PUBLIC_URL);
  return hostname === rpId || hostname.endsWith(`.${rpId}`);
}
