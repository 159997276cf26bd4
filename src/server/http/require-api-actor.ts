import type { NextRequest } from "next/server";
import type { Caller } from "@/server/auth/resolve-caller";
import { resolveCaller } from "@/server/auth/resolve-caller";
import { clientIpOf } from "@/server/auth/client-ip";
import type { ServiceContext } from "@/server/context";
import { getDb } from "@/server/db/database";
import { getEnv } from "@/server/env";
import { AppError } from "@/server/errors";
import { getApiRateLimiter } from "./api-rate-limiter";
import { isSameOriginRequest } from "./same-origin";
import { UNCONFIRMED_SESSION_MESSAGE, UNCONFIRMED_TOKEN_MESSAGE } from "@/shared/address-confirmation";

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
  return apiContextFor(await resolveCaller(request.headers, { acceptTokens: true }), request, options);
}

/**
 * As requireApiContext, for a caller already resolved (the files route first tells an
 * anonymous caller apart, who gets a 404 there rather than a 401).
 * @throws AppError unauthenticated | rate_limited | forbidden
 */
export async function apiContextFor(caller: Caller, request: NextRequest, options: ApiCallOptions): Promise<ServiceContext> {
  if (caller.kind === "invalid_token") throw new AppError("unauthenticated", caller.unconfirmed ? UNCONFIRMED_TOKEN_MESSAGE : INVALID_TOKEN_MESSAGE);
  if (caller.kind === "anonymous") throw new AppError("unauthenticated", caller.ended === "unconfirmed" ? UNCONFIRMED_SESSION_MESSAGE : "Sign in, or send an API token, to use this endpoint.");
  const db = await getDb();
  if (caller.kind === "token") {
    await getApiRateLimiter().take(caller.grant.tokenId);
    if (options.scope === "write" && caller.grant.scope !== "write") {
      throw new AppError("forbidden", "This token is read-only. Create a token with the write scope to change data.");
    }
    return { db, actor: caller.actor, grant: caller.grant, clientIp: clientIpOf(request.headers) };
  }
  // A cookie rides along on requests other sites make; a bearer token never does (it has to be
  // set by code that holds it), so only cookie callers need this check.
  if (options.scope === "write" && !isSameOriginRequest(request.headers, getEnv().PUBLIC_URL)) {
    throw new AppError("forbidden", "Requests that change data with a session cookie must come from this site.");
  }
  return { db, actor: caller.actor, clientIp: clientIpOf(request.headers) };
}
