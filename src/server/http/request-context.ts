import { getDb } from "@/server/db/database";
import { getActor, requireActor } from "@/server/auth/session";
import type { PublicContext, ServiceContext } from "@/server/context";

/**
 * The context of a page or action that anyone may reach (a published page, an invitation
 * link, sign-up): use cases open to anyone take it. Pages never open the database themselves.
 */
export async function publicContext(): Promise<PublicContext> {
  return { db: await getDb() };
}

/** The signed-in person's context for a page, or a redirect to sign-in that returns to `returnTo`. */
export async function requireContext(returnTo?: string): Promise<ServiceContext> {
  // The session first: it reads the request's cookies, which is what tells `next build` that the
  // page renders per request. Opening the database first made the build create one (10–40 s).
  const actor = await requireActor(returnTo);
  return { db: await getDb(), actor };
}

/** The signed-in person's context, or null for a visitor (pages that show something to both). */
export async function signedInContext(): Promise<ServiceContext | null> {
  const actor = await getActor();
  return actor ? { db: await getDb(), actor } : null;
}
