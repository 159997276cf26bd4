import type { NextRequest } from "next/server";
import { actorFromHeaders } from "../auth/actor-from-headers";
import type { ServiceContext } from "../context";
import { getDb } from "../db/database";
import { AppError } from "../errors";

/** The caller of an API route as a service context. @throws AppError unauthenticated */
export async function requireApiContext(request: NextRequest): Promise<ServiceContext> {
  const actor = await actorFromHeaders(request.headers);
  if (!actor) throw new AppError("unauthenticated", "Sign in, or send an API token, to use this endpoint.");
  return { db: await getDb(), actor };
}
