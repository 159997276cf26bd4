import { APIError } from "better-auth/api";

export const TRUST_DEVICE_REFUSED_MESSAGE = "Quire doesn't remember devices: every sign-in with a password asks for a code.";

// better-auth's two-factor plugin names its cookie "<prefix>.trust_device", with __Secure- before
// it on https (TRUST_DEVICE_COOKIE_NAME, not exported).
const TRUST_DEVICE_COOKIE = /(?:^|\.)trust_device$/;

/**
 * Quire has no "trust this device" (docs/product.md "Account security"): every password sign-in
 * of an account with two-factor on asks for a code. better-auth's two-factor plugin would remember
 * a device for 30 days when a code is sent with `trustDevice: true`, and skip the code at that
 * browser's next password sign-in, whatever happened in between (signing out everywhere, a new
 * secret). For auth-request-hooks.ts's before-hook, on every call (HTTP or auth.api): a call asking for it is
 * refused with 400 before any code is checked, and a trust cookie a browser still holds from
 * before is taken out of the request, so the plugin never sees one. Returns the request headers
 * to use instead, when there was one.
 */
export function refuseDeviceTrust(ctx: { path?: string; body?: unknown; headers?: Headers }): { context: { headers: Headers } } | undefined {
  const body = ctx.body as { trustDevice?: unknown } | undefined;
  if (ctx.path?.startsWith("/two-factor/") && body && typeof body === "object" && body.trustDevice) {
    throw new APIError("BAD_REQUEST", { message: TRUST_DEVICE_REFUSED_MESSAGE, code: "TRUST_DEVICE_UNSUPPORTED" });
  }
  const cookie = ctx.headers?.get("cookie");
  if (!cookie) return undefined;
  const pairs = cookie.split(";").map((pair) => pair.trim()).filter(Boolean);
  const kept = pairs.filter((pair) => !TRUST_DEVICE_COOKIE.test(pair.split("=", 1)[0]?.trim() ?? ""));
  if (kept.length === pairs.length) return undefined;
  return { context: { headers: new Headers({ cookie: kept.join("; ") }) } };
}
