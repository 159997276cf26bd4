import type { ServiceContext } from "@/server/context";
import type { AuthSession } from "./auth-session";
import { translatePasskeyError } from "./translate-passkey-error";

/**
 * WebAuthn's creation options for a new passkey of the session's own user (better-auth's
 * generatePasskeyRegistrationOptions): its challenge is kept server-side under a signed cookie that
 * goes out with the response, and the passkeys already registered are excluded.
 * @throws AppError unauthenticated
 */
export async function passkeyRegistrationOptions(_ctx: ServiceContext, session: AuthSession): Promise<Record<string, unknown>> {
  try {
    return { ...(await session.auth.api.generatePasskeyRegistrationOptions({ headers: session.headers })) };
  } catch (error) {
    throw translatePasskeyError(error);
  }
}
