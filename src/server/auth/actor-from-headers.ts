import type { Actor, ApiGrant } from "@/server/context";
import { getDb } from "@/server/db/database";
import { authenticateApiToken } from "@/server/services/api-tokens/authenticate-api-token";
import { getAuth } from "./auth";

/** A signed-in person and the credential they came with. */
export interface Identity {
  actor: Actor;
  /** The auth library's session id: the collaboration server re-checks that it is still live. null for an API token. */
  sessionId: string | null;
  /** Set for an API token: its workspace and scope, re-checked like a session. */
  grant?: ApiGrant;
}

/**
 * The caller behind `headers`: an API token (`Authorization: Bearer …`) or else the session
 * cookie, or null — for the collab socket (PRODUCT.md §6: "the session cookie or an API token").
 * A token that is sent but doesn't work is null even when a cookie is present too.
 */
export async function identityFromHeaders(headers: Headers): Promise<Identity | null> {
  const token = bearerToken(headers);
  if (token !== null) {
    const identity = token ? await authenticateApiToken(await getDb(), token) : null;
    return identity && { actor: identity.actor, sessionId: null, grant: identity.grant };
  }
  return sessionIdentity(headers);
}

/** The person and session whose cookie is in `headers`, or null. */
export async function sessionIdentity(headers: Headers): Promise<Identity | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const { id, name, email, color } = session.user;
  return { actor: { id, name, email, color: String(color) }, sessionId: session.session.id };
}

/**
 * The person whose session cookie is in `headers`, or null (pages and server actions). Never
 * an API token: a token's grant must cap what it does, and pages and actions don't carry one.
 */
export async function actorFromHeaders(headers: Headers): Promise<Actor | null> {
  return (await sessionIdentity(headers))?.actor ?? null;
}

/**
 * The token of an `Authorization: Bearer <token>` header: null when there is no Authorization
 * header, "" when there is one that is not a bearer token (the caller meant to use a credential
 * that can't work, so it must not fall back to a cookie).
 */
export function bearerToken(headers: Headers): string | null {
  const value = headers.get("authorization");
  if (value === null) return null;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(value);
  return match?.[1] ?? "";
}
