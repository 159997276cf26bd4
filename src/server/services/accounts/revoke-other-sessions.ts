import type { ServiceContext } from "@/server/context";
import type { AuthSession } from "./auth-session";
import { listSessions } from "./list-sessions";
import { translateSessionError } from "./translate-session-error";

/**
 * "Sign out everywhere else": ends every session of the person but the one asking, through
 * better-auth's revokeOtherSessions.
 * @returns how many sessions ended
 * @throws AppError unauthenticated (the session ended)
 */
export async function revokeOtherSessions(ctx: ServiceContext, session: AuthSession): Promise<{ revoked: number }> {
  const { sessions } = await listSessions(ctx, session);
  try {
    await session.auth.api.revokeOtherSessions({ headers: session.headers });
  } catch (error) {
    throw translateSessionError(error);
  }
  return { revoked: sessions.length - 1 };
}
