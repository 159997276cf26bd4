import type { PasskeySignInInput } from "@/shared/schemas/two-factor";
import type { Auth } from "@/server/auth/auth";
import { translatePasskeyError } from "./translate-passkey-error";

type AssertionJson = NonNullable<Parameters<Auth["api"]["verifyPasskeyAuthentication"]>[0]>["body"]["response"];

/**
 * WebAuthn's request options for signing in with a passkey (better-auth's
 * generatePasskeyAuthenticationOptions): any passkey of this site may answer (a discoverable
 * credential names its account), and the challenge is kept under a signed cookie.
 */
export async function passkeySignInOptions(auth: Auth, headers: Headers): Promise<Record<string, unknown>> {
  return { ...(await auth.api.generatePasskeyAuthenticationOptions({ headers })) };
}

/**
 * Signs in with the assertion the browser made from passkeySignInOptions' challenge: better-auth
 * checks it against the stored public key, the origin and the relying party, then sets the
 * session cookie. A passkey is a second factor in itself (something held, unlocked on the device),
 * so no TOTP code follows (docs/product.md "Account security").
 * @throws AppError bad_request (not verified, or the challenge expired) | not_found (an unknown passkey) | forbidden (its account must confirm its address first, SMTP set up)
 */
export async function signInWithPasskey(auth: Auth, input: PasskeySignInInput, headers: Headers): Promise<{ userId: string }> {
  try {
    // The shape is WebAuthn's, checked by better-auth (and @simplewebauthn) itself.
    const response = input.response as unknown as AssertionJson;
    const result = await auth.api.verifyPasskeyAuthentication({ body: { response }, headers });
    return { userId: result.session.userId };
  } catch (error) {
    throw translatePasskeyError(error);
  }
}
