import type { Auth } from "@/server/auth/auth";

/**
 * The better-auth instance and the request headers (its session cookie) a profile use case
 * calls better-auth's own endpoints with. The headers must be those of the request `ctx.actor`
 * was read from: better-auth acts on that session's user, never on anyone named in the input.
 */
export interface AuthSession {
  auth: Auth;
  headers: Headers;
}
