import type { Actor, ApiGrant } from "@/server/context";
import { getDb } from "@/server/db/database";
import { getAuth } from "./auth";
import { authenticateApiToken } from "./authenticate-api-token";

/**
 * Who sent a request, from its headers alone:
 * - `session`: the session cookie of a signed-in person;
 * - `token`: a working API token (`Authorization: Bearer …`), with its grant;
 * - `invalid_token`: an Authorization header that is not a working token: the caller meant to
 *   use a credential that can't work, so it never falls back to a cookie sent alongside;
 * - `anonymous`: neither.
 */
export type Caller =
  | { kind: "session"; actor: Actor; sessionId: string }
  | { kind: "token"; actor: Actor; grant: ApiGrant }
  | { kind: "invalid_token" }
  | { kind: "anonymous" };

/** Where the caller is asking: pages and server actions never accept a token (its grant must cap what it does, and they carry none). */
export interface ResolveCallerOptions {
  acceptTokens: boolean;
}

/**
 * The one way every entry point learns who is calling: pages and server actions (session
 * only), the HTTP API and the files route, and the collaboration socket (session or token).
 */
export async function resolveCaller(headers: Headers, options: ResolveCallerOptions): Promise<Caller> {
  const token = options.acceptTokens ? bearerToken(headers) : null;
  if (token !== null) {
    const identity = token ? await authenticateApiToken(await getDb(), token) : null;
    return identity ? { kind: "token", actor: identity.actor, grant: identity.grant } : { kind: "invalid_token" };
  }
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers });
  if (!session) return { kind: "anonymous" };
  const { id, name, email, color, twoFactorEnabled, hasPassword } = session.user;
  const actor = { id, name, email, color: String(color), twoFactorEnabled: twoFactorEnabled === true, passwordless: hasPassword === false };
  return { kind: "session", actor, sessionId: session.session.id };
}

/**
 * The token of an `Authorization: Bearer <token>` header: null when there is no Authorization
 * header, "" when there is one that is not a bearer token.
 */
export function bearerToken(headers: Headers): string | null {
  const value = headers.get("authorization");
  if (value === null) return null;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(value);
  return match?.[1] ?? "";
}
