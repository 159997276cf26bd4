import type { Actor } from "../context";
import { getAuth } from "./auth";

/** A signed-in person and the session they came with. */
export interface Identity {
  actor: Actor;
  /** The auth library's session id: the collaboration server re-checks that it is still live. */
  sessionId: string;
}

/** The person and session whose cookie is in `headers`, or null (the collab socket). */
export async function identityFromHeaders(headers: Headers): Promise<Identity | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const { id, name, email, color } = session.user;
  return { actor: { id, name, email, color: String(color) }, sessionId: session.session.id };
}

/** The person whose session cookie is in `headers`, or null (pages and routes). */
export async function actorFromHeaders(headers: Headers): Promise<Actor | null> {
  return (await identityFromHeaders(headers))?.actor ?? null;
}
