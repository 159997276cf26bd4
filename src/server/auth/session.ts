import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import type { Actor } from "@/server/context";
import { unconfirmedSessionLoginPath } from "@/shared/address-confirmation";
import type { Caller } from "./resolve-caller";
import { resolveCaller } from "./resolve-caller";

/** Who sent this request by its session cookie (never a token): resolved once per request. */
export const getSessionCaller = cache(async (): Promise<Caller> => resolveCaller(await headers(), { acceptTokens: false }));

/** The signed-in person for this request, or null. Cached per request. */
export const getActor = cache(async (): Promise<Actor | null> => {
  const caller = await getSessionCaller();
  return caller.kind === "session" ? caller.actor : null;
});

/**
 * The signed-in person, or a redirect to the sign-in page that returns here afterwards; it says
 * why when the session was just ended because its account's address isn't confirmed.
 */
export async function requireActor(returnTo?: string): Promise<Actor> {
  const caller = await getSessionCaller();
  if (caller.kind === "session") return caller.actor;
  if (caller.kind === "anonymous" && caller.ended === "unconfirmed") redirect(unconfirmedSessionLoginPath(returnTo));
  redirect(returnTo ? `/login?next=${encodeURIComponent(returnTo)}` : "/login");
}
