/**
 * The WebAuthn relying party id passkeys are bound to: PUBLIC_URL's host name, else "localhost".
 * A browser refuses a passkey for any other host (and for an IP address), so passkeys need
 * PUBLIC_URL outside development (docs/configuration.md).
 */
export function passkeyRelyingPartyId(publicUrl: string | undefined): string {
  return publicUrl ? new URL(publicUrl).hostname : "localhost";
}
