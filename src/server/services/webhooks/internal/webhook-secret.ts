import { randomBytes } from "node:crypto";

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
