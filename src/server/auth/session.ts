import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import type { Actor } from "@/server/context";
import { resolveCaller } from "./resolve-caller";

/** The signed-in person for this request, or null. Cached per request. */
export const getActor = cache(async (): Promise<Actor | null> => {
  const caller = await resolveCaller(await headers(), { acceptTokens: false });
  return caller.kind === "session" ? caller.actor : null;
});

/** The signed-in person, or a redirect to the sign-in page that returns here afterwards. */
export async function requireActor(returnTo?: string): Promise<Actor> {
  const actor = await getActor();
  if (!actor) redirect(returnTo ? `/login?next=${encodeURIComponent(returnTo)}` : "/login");
  return actor;
}
