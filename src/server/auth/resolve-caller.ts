import type { Actor, ApiGrant } from "@/server/context";
import { getDb } from "@/server/db/database";
import { getMailer } from "@/server/mail/mailer";
import { getAuth } from "./auth";
import { authenticateApiToken } from "./authenticate-api-token";
import { isUnconfirmedSessionError } from "./unconfirmed-accounts";

/**
 * Who sent a request, from its headers alone:
 * - `session`: the session cookie of a signed-in person;
 * - `token`: a working API token (`Authorization: Bearer …`), with its grant;
 * - `invalid_token`: an Authorization header that is not a working token: the caller meant to
 *   use a credential that can't work, so it never falls back to a cookie sent alongside;
 *   `unconfirmed` when the token is live but its account must confirm its address first;
 * - `anonymous`: neither; `ended: "unconfirmed"` when the request's session was just ended
 *   because its account must confirm its address first (auth/unconfirmed-accounts.ts).
 */
export type Caller =
  | { kind: "session"; actor: Actor; sessionId: string }
  | { kind: "token"; actor: Actor; grant: ApiGrant }
  | { kind: "invalid_token"; unconfirmed?: true }
  | { kind: "anonymous"; ended?: "unconfirmed" };

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
    if (!identity) return { kind: "invalid_token" };
    // While addresses must be confirmed (the process has a mailer, which getAuth gives better-auth
    // too), a token acts for its account only once the account could sign in: it works again,
    // unrevoked, when its owner confirms the address.
    if (identity.mustConfirmAddress && getMailer() !== null) return { kind: "invalid_token", unconfirmed: true };
    return { kind: "token", actor: identity.actor, grant: identity.grant };
  }
  const auth = await getAuth();
  let session;
  try {
    session = await auth.api.getSession({ headers });
  } catch (error) {
    if (isUnconfirmedSessionError(error)) return { kind: "anonymous", ended: "unconfirmed" };
    throw error;
  }
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
