import type { NextRequest } from "next/server";
import { actorFromHeaders, bearerToken } from "@/server/auth/actor-from-headers";
import type { ServiceContext } from "@/server/context";
import { getDb } from "@/server/db/database";
import { getEnv } from "@/server/env";
import { AppError } from "@/server/errors";
import { authenticateApiToken } from "@/server/services/api-tokens/authenticate-api-token";
import { getApiRateLimiter } from "./api-rate-limiter";
import { isSameOriginRequest } from "./same-origin";

/** What a route needs from its caller: `write` routes change data. */
export interface ApiCallOptions {
  scope: "read" | "write";
}

export const INVALID_TOKEN_MESSAGE = "This API token is not valid: it is unknown, revoked or expired. Send a working one as Authorization: Bearer <token>.";

/**
 * The caller of an API route as a service context: an API token (`Authorization: Bearer`,
 * rate-limited per token, `ctx.grant` set so every lookup caps it to its workspace and scope)
 * or else the session cookie (for `write` calls only from pages of this site).
 * @throws AppError unauthenticated | rate_limited | forbidden (a read token on a write route, a cross-site cookie call)
 */
export async function requireApiContext(request: NextRequest, options: ApiCallOptions = { scope: "read" }): Promise<ServiceContext> {
  const db = await getDb();
  const token = bearerToken(request.headers);
  if (token !== null) {
    const identity = token ? await authenticateApiToken(db, token) : null;
    if (!identity) throw new AppError("unauthenticated", INVALID_TOKEN_MESSAGE);
    await getApiRateLimiter().take(identity.grant.tokenId);
    if (options.scope === "write" && identity.grant.scope !== "write") {
      throw new AppError("forbidden", "This token is read-only. Create a token with the write scope to change data.");
    }
    return { db, actor: identity.actor, grant: identity.grant };
  }
  const actor = await actorFromHeaders(request.headers);
  if (!actor) throw new AppError("unauthenticated", "Sign in, or send an API token, to use this endpoint.");
  // A cookie rides along on requests other sites make; a bearer token never does (it has to be
  // set by code that holds it), so only cookie callers need this check.
  if (options.scope === "write" && !isSameOriginRequest(request.headers, getEnv().PUBLIC_URL)) {
    throw new AppError("forbidden", "Requests that change data with a session cookie must come from this site.");
  }
  return { db, actor };
}
