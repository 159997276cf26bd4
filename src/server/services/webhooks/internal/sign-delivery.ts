import { Webhook } from "standardwebhooks";

/** The three headers of the Standard Webhooks specification. */
export interface SignatureHeaders {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
}

/**
 * Signs one attempt of a message: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the
 * secret, through the specification's own library, so any receiver's verifier accepts it. The
 * timestamp is the attempt's (receivers refuse one more than five minutes off), not the event's.
 */
export function signDelivery(secret: string, messageId: string, at: Date, body: string): SignatureHeaders {
  const signature = new Webhook(secret).sign(messageId, at, body);
  return { "webhook-id": messageId, "webhook-timestamp": String(Math.floor(at.getTime() / 1000)), "webhook-signature": signature };
}
