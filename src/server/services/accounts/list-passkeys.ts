import type { ServiceContext } from "@/server/context";
import type { PasskeyRow } from "@/server/presenters/present-passkey";
import type { AuthSession } from "./auth-session";
import { translatePasskeyError } from "./translate-passkey-error";

/**
 * The session's own user's passkeys, oldest first (better-auth's listPasskeys), so nobody else's
 * can be asked for. Callers present them with presentPasskey (the key material stays here).
 * @throws AppError unauthenticated
 */
export async function listPasskeys(_ctx: ServiceContext, session: AuthSession): Promise<PasskeyRow[]> {
  try {
    const rows = await session.auth.api.listPasskeys({ headers: session.headers });
    return rows.sort((a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0));
  } catch (error) {
    throw translatePasskeyError(error);
  }
}
