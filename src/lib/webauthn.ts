import { startAuthentication, startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";

/**
 * The browser half of a passkey ceremony: the options the server made (better-auth's passkey
 * plugin) in, WebAuthn's JSON answer out for the server to verify; null when the person cancelled
 * or the browser refused, with the sentence to show.
 */
export async function createPasskey(options: Record<string, unknown>): Promise<{ response: Record<string, unknown> } | { error: string }> {
  try {
    const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
    return { response: { ...response } };
  } catch (error) {
    return { error: ceremonyError(error, "No passkey was added.") };
  }
}

/** As createPasskey, for signing in with a passkey of this site. */
export async function assertPasskey(options: Record<string, unknown>): Promise<{ response: Record<string, unknown> } | { error: string }> {
  try {
    const response = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
    return { response: { ...response } };
  } catch (error) {
    return { error: ceremonyError(error, "Signing in with a passkey was cancelled.") };
  }
}

function ceremonyError(error: unknown, cancelled: string): string {
  // A dismissed prompt is NotAllowedError (also its timeout): the person chose not to go on.
  if (error instanceof Error && (error.name === "NotAllowedError" || (error instanceof WebAuthnError && error.code === "ERROR_CEREMONY_ABORTED"))) return cancelled;
  if (error instanceof WebAuthnError && error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") return "This device already holds a passkey for your account.";
  if (error instanceof Error && error.name === "SecurityError") return "Passkeys don't work at this address. Open Quire at its public address.";
  return "This browser couldn't use a passkey. Try again, or use another device.";
}

/** Whether this browser offers WebAuthn at all. */
export function canUsePasskeys(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}
