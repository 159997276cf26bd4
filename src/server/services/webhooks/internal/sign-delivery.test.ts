import { describe, expect, it } from "vitest";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { signDelivery } from "./sign-delivery";
import { newMessageId, newWebhookSecret } from "./webhook-secret";

describe("signDelivery", () => {
  it("signs so that the Standard Webhooks verifier accepts the body, and only that body", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({ type: "document.created", timestamp: new Date().toISOString(), data: { documentId: "d1" } });
    const headers = signDelivery(secret, newMessageId(), new Date(), body);
    expect(headers["webhook-id"]).toMatch(/^msg_[A-Za-z0-9_-]{22}$/);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace("d1", "d2"), { ...headers })).toThrow(WebhookVerificationError);
    expect(() => new Webhook(newWebhookSecret()).verify(body, { ...headers })).toThrow(WebhookVerificationError);
  });

  it("stamps the attempt's time, which verifiers refuse when it is over five minutes old", () => {
    const secret = newWebhookSecret();
    const headers = signDelivery(secret, newMessageId(), new Date(Date.now() - 10 * 60_000), "{}");
    expect(() => new Webhook(secret).verify("{}", { ...headers })).toThrow(/too old/i);
  });
});
