import type { NextRequest } from "next/server";
import { actorFromHeaders } from "../auth/actor-from-headers";
import type { ServiceContext } from "../context";
import { getDb } from "../db/database";
import { AppError } from "../errors";

/** What a route needs from its caller: `write` routes change data. */
export interface ApiCallOptions {
  scope: "read" | "write";
}

/**
 * The caller of an API route as a service context.
 * @throws AppError unauthenticated
 */
export async function requireApiContext(request: NextRequest, options: ApiCallOptions = { scope: "read" }): Promise<ServiceContext> {
  void options; // API tokens (issue 6) check the scope and the rate limit here.
  const actor = await actorFromHeaders(request.headers);
  if (!actor) throw new AppError("unauthenticated", "Sign in, or send an API token, to use this endpoint.");
  return { db: await getDb(), actor };
}
