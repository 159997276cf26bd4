import type { LookupAddress, LookupOptions } from "node:dns";
import { lookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";

/** Why an endpoint is refused: the sentence the settings form and the API show. */
export class WebhookAddressError extends Error {
  override name = "WebhookAddressError";
}

/** Whether endpoints may be on private, loopback or link-local addresses (and plain http), from WEBHOOKS_ALLOW_PRIVATE. */
export interface AddressPolicy {
  allowPrivate: boolean;
}

/**
 * Whether one IP address is a public unicast one. Everything ipaddr.js does not class as
 * `unicast` is refused: private, loopback, link-local (169.254.169.254, the cloud metadata
 * address), carrier-grade NAT, unique-local, multicast, unspecified, reserved, and IPv6 forms that
 * embed an IPv4 address (6to4, Teredo, NAT64); an IPv4-mapped or IPv4-compatible IPv6 address is
 * judged as its IPv4.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  // ::a.b.c.d, the deprecated IPv4-compatible form (::/96), which ipaddr.js classes as unicast:
  // some stacks and tunnels reach the IPv4 address inside it, so it is judged as that address.
  if (parsed.kind() === "ipv6" && isIpv4Compatible(parsed as ipaddr.IPv6)) {
    const bytes = (parsed as ipaddr.IPv6).toByteArray().slice(12);
    return isPublicAddress(ipaddr.fromByteArray(bytes).toString());
  }
  return parsed.range() === "unicast";
}

/** In ::/96 (the first 96 bits zero); :: and ::1 are classed by ipaddr.js already, and never public. */
function isIpv4Compatible(address: ipaddr.IPv6): boolean {
  return address.parts.slice(0, 6).every((part) => part === 0);
}

/**
 * Checks an endpoint's form: https (http too when private addresses are allowed), no user name
 * or password (they would show in the settings list), a host. Its addresses are checked apart.
 * @throws WebhookAddressError
 */
export function parseWebhookUrl(raw: string, policy: AddressPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookAddressError("Enter a full address, like https://example.com/hooks/quire.");
  }
  const schemes = policy.allowPrivate ? ["https:", "http:"] : ["https:"];
  if (!schemes.includes(url.protocol)) throw new WebhookAddressError("Webhook addresses must start with https://.");
  if (url.username || url.password) throw new WebhookAddressError("Put no user name or password in the address; check the signature instead.");
  if (!url.hostname) throw new WebhookAddressError("The address has no host.");
  return url;
}

/**
 * Every address `hostname` resolves to, when each may be reached under the policy (all of
 * them: a name that also resolves to a private address could be made to use it).
 * @throws WebhookAddressError (a refused address, or a name that doesn't resolve)
 */
export async function resolveAllowedAddresses(hostname: string, policy: AddressPolicy): Promise<LookupAddress[]> {
  const host = hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: LookupAddress[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: ipaddr.parse(host).kind() === "ipv6" ? 6 : 4 }];
  } else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new WebhookAddressError(`${host} could not be resolved.`);
    }
  }
  if (addresses.length === 0) throw new WebhookAddressError(`${host} could not be resolved.`);
  if (!policy.allowPrivate) {
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) {
      throw new WebhookAddressError(`${host} resolves to ${refused.address}, a private, loopback or link-local address; webhooks only go to public addresses.`);
    }
  }
  return addresses;
}

/** Checks an endpoint as registration does: its form, then what its host resolves to now. @throws WebhookAddressError */
export async function checkWebhookUrl(raw: string, policy: AddressPolicy): Promise<URL> {
  const url = parseWebhookUrl(raw, policy);
  await resolveAllowedAddresses(url.hostname, policy);
  return url;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that resolves and checks in one step, so the connection goes to
 * exactly the addresses that were checked: a name re-pointed at 127.0.0.1 between registration
 * and delivery (DNS rebinding), or between a check and the connect, is refused.
 */
export function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolveAllowedAddresses(hostname, policy).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((entry) => entry.family === options.family) : addresses;
        if (options.all) return callback(null, wanted);
        const first = wanted[0];
        if (!first) return callback(Object.assign(new Error(`${hostname} has no IPv${options.family} address`), { code: "ENOTFOUND" }), "");
        callback(null, first.address, first.family);
      },
      (error: unknown) => callback(Object.assign(error instanceof Error ? error : new Error(String(error)), { code: "EREFUSED" }), ""),
    );
  };
}
