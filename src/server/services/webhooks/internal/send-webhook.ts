import http from "node:http";
import https from "node:https";
import ipaddr from "ipaddr.js";
import type { AddressPolicy } from "./address-guard";
import { WebhookAddressError, guardedLookup, parseWebhookUrl, resolveAllowedAddresses } from "./address-guard";
import type { SignatureHeaders } from "./sign-delivery";

/** How long one attempt may take, connecting and answering included. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** How much of an answer's body is kept: enough to read an error, never a whole page. */
export const EXCERPT_CHARS = 500;

/** What one attempt got: the status, or null when nothing answered, and a short excerpt or the reason. */
export interface AttemptOutcome {
  status: number | null;
  excerpt: string;
}

export interface SendOptions extends AddressPolicy {
  timeoutMs?: number;
}

/**
 * POSTs a signed JSON body to an endpoint once. Redirects are not followed (a 3xx is a failed
 * attempt: following one would let an endpoint send us anywhere); the host is resolved and
 * checked when connecting (guardedLookup); the answer's body is read up to EXCERPT_CHARS and the
 * rest discarded. Never throws: every failure is an outcome.
 */
export async function sendWebhook(rawUrl: string, body: string, headers: SignatureHeaders, options: SendOptions): Promise<AttemptOutcome> {
  let url: URL;
  try {
    url = parseWebhookUrl(rawUrl, options);
    // An IP literal never reaches `lookup`: check it here.
    if (ipaddr.isValid(url.hostname.replace(/^\[(.*)\]$/, "$1"))) await resolveAllowedAddresses(url.hostname, options);
  } catch (error) {
    return { status: null, excerpt: error instanceof WebhookAddressError ? error.message : "The address is not valid." };
  }
  const timeoutMs = options.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
  const client = url.protocol === "https:" ? https : http;
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(outcome);
    };
    const request = client.request(
      url,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          "user-agent": "Quire-Webhooks/1",
          ...headers,
        },
        lookup: guardedLookup(options),
        // One connection an attempt: a kept-alive socket would skip the address check next time.
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let excerpt = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          excerpt += chunk;
          if (excerpt.length >= EXCERPT_CHARS) finish({ status, excerpt: excerpt.slice(0, EXCERPT_CHARS) });
        });
        response.on("end", () => finish({ status, excerpt }));
        response.on("error", () => finish({ status, excerpt }));
      },
    );
    const timer = setTimeout(() => finish({ status: null, excerpt: `No answer within ${Math.round(timeoutMs / 1000)} s.` }), timeoutMs);
    request.on("error", (error: NodeJS.ErrnoException) => finish({ status: null, excerpt: describeError(error) }));
    request.end(body);
  });
}

function describeError(error: NodeJS.ErrnoException): string {
  if (error.code === "EREFUSED" || error instanceof WebhookAddressError) return error.message;
  if (error.code === "ECONNREFUSED") return "The connection was refused.";
  if (error.code === "ENOTFOUND") return "The host could not be resolved.";
  return `The request failed: ${error.code ?? error.message}`;
}
