import { instanceSsoFrom } from "@/server/auth/sso-providers";
import { getEnv } from "@/server/env";

/** What the sign-in and sign-up pages offer: the instance's SSO button, and whether passwords are off (SSO_ONLY). */
export function ssoSignInOptions(): { instance: { label: string } | null; ssoOnly: boolean } {
  const instance = instanceSsoFrom(getEnv());
  return { instance: instance ? { label: instance.label } : null, ssoOnly: instance?.ssoOnly ?? false };
}
