import { randomBytes } from "node:crypto";
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { getAuthSecret } from "@/server/auth/auth-secret";

/**
 * A new signing secret in the Standard Webhooks format: `whsec_` + base64 of 32 random bytes
 * (the spec asks for 24 to 64). Receivers pass it as is to their library's verifier.
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** A Standard Webhooks message id: `msg_` + 128 random bits, the same for every attempt and resend of one event. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString("base64url")}`;
}

// A stored secret is sealed: "sealed:" and better-auth's symmetric encryption of it under the auth
// secret, as better-auth keeps TOTP secrets. Rows from before sealing hold the bare `whsec_…`.
const SEALED = "sealed:";

/**
 * The secret as the database keeps it: encrypted with the auth secret, so a copy of the database
 * (a backup, a leaked dump) can't sign deliveries that receivers would trust. Signing opens it.
 */
export async function sealWebhookSecret(secret: string): Promise<string> {
  return `${SEALED}${await symmetricEncrypt({ key: getAuthSecret(), data: secret })}`;
}

/** The signing secret of a stored one (sealed, or bare from before sealing). */
export async function openWebhookSecret(stored: string): Promise<string> {
  if (!stored.startsWith(SEALED)) return stored;
  return symmetricDecrypt({ key: getAuthSecret(), data: stored.slice(SEALED.length) });
}
