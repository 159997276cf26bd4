import { getEnv } from "@/server/env";
import type { AddressPolicy } from "./address-guard";

/** The instance's rule for webhook addresses: WEBHOOKS_ALLOW_PRIVATE (docs/configuration.md). */
export function instanceAddressPolicy(): AddressPolicy {
  return { allowPrivate: getEnv().WEBHOOKS_ALLOW_PRIVATE === "true" };
}
