import type { RevokeSessionInput } from "@/shared/schemas/security";
import type { ServiceContext } from "@/server/context";
import { AppError } from "@/server/errors";
import type { AuthSession } from "./auth-session";
import { listSessions } from "./list-sessions";
import { translateSessionError } from "./translate-session-error";

/**
 * Signs one of the person's other sessions out through better-auth's revokeSession. The id is
 * looked up among the session user's own sessions, so another person's id is `not_found` like
 * one that names nothing. The row is deleted, and every entry point reads sessions from the
 * database on each request, so the next page, API call or socket re-check is signed out.
 * @throws AppError not_found (no such session of this person) | conflict (the session asking: sign out instead) | unauthenticated
 */
export async function revokeSession(ctx: ServiceContext, input: RevokeSessionInput, session: AuthSession): Promise<{ sessionId: string }> {
  const { sessions, currentSessionId } = await listSessions(ctx, session);
  const target = sessions.find((s) => s.id === input.sessionId);
  if (!target) throw new AppError("not_found", "This session has already ended.");
  if (target.id === currentSessionId) throw new AppError("conflict", "This is the session you are using. Sign out instead.");
  try {
    await session.auth.api.revokeSession({ body: { token: target.token }, headers: session.headers });
  } catch (error) {
    throw translateSessionError(error);
  }
  return { sessionId: target.id };
}
