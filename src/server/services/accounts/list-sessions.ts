import type { ServiceContext } from "@/server/context";
import { AppError } from "@/server/errors";
import type { SessionRow } from "@/server/presenters/present-session";
import type { AuthSession } from "./auth-session";
import { translateSessionError } from "./translate-session-error";

/** The signed-in person's live sessions, newest activity first, and which one is asking. */
export interface SessionList {
  sessions: Array<SessionRow & { token: string }>;
  currentSessionId: string;
}

/**
 * Lists the sessions of the session's own user through better-auth's listSessions (only live,
 * unexpired ones), so nobody else's can ever be asked for (docs/product.md "Account security").
 * Tokens stay on the server: callers present the rows with presentSession.
 * @throws AppError unauthenticated (the session ended)
 */
export async function listSessions(_ctx: ServiceContext, session: AuthSession): Promise<SessionList> {
  try {
    const current = await session.auth.api.getSession({ headers: session.headers });
    if (!current) throw new AppError("unauthenticated", "Your session has ended. Sign in again.");
    const sessions = await session.auth.api.listSessions({ headers: session.headers });
    sessions.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || b.createdAt.getTime() - a.createdAt.getTime());
    return { sessions, currentSessionId: current.session.id };
  } catch (error) {
    throw translateSessionError(error);
  }
}
