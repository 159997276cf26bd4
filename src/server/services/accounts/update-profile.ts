import { APIError } from "better-auth/api";
import type { UpdateProfileInput } from "@/shared/schemas/profile";
import type { Actor, ServiceContext } from "@/server/context";
import { AppError, validationError } from "@/server/errors";
import type { AuthSession } from "./auth-session";

/**
 * Changes the signed-in person's name and avatar colour through better-auth's updateUser, which
 * acts on the session's own user only, so there is nothing else to authorise. Its hooks check
 * both again (auth/auth.ts, auth-request-hooks.ts), as they do for a call to /api/auth/update-user.
 * @throws AppError validation_failed (a name or colour better-auth refused) | unauthenticated (the session ended)
 */
export async function updateProfile(ctx: ServiceContext, input: UpdateProfileInput, session: AuthSession): Promise<Actor> {
  try {
    await session.auth.api.updateUser({ body: { name: input.name, color: input.color }, headers: session.headers });
  } catch (error) {
    throw translateUpdateError(error);
  }
  return { ...ctx.actor, name: input.name, color: input.color };
}

function translateUpdateError(error: unknown): unknown {
  if (!(error instanceof APIError)) return error;
  if (error.statusCode === 401) return new AppError("unauthenticated", "Your session has ended. Sign in again.");
  if (error.body?.code === "INVALID_NAME") return validationError({ name: error.body.message ?? "Enter your name." });
  if (error.statusCode === 400) return validationError({ color: "Choose one of the colours shown." });
  return error; // unexpected: reaches the error page and the log
}
