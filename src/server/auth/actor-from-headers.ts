import type { Actor } from "../context";
import { getAuth } from "./auth";

/** The person whose session cookie is in `headers`, or null (pages, routes and the collab socket). */
export async function actorFromHeaders(headers: Headers): Promise<Actor | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const { id, name, email, color } = session.user;
  return { id, name, email, color: String(color) };
}
