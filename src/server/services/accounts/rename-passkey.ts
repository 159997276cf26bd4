import type { RenamePasskeyInput } from "@/shared/schemas/two-factor";
import type { ServiceContext } from "@/server/context";
import type { AuthSession } from "./auth-session";
import { translatePasskeyError } from "./translate-passkey-error";

/**
 * Renames one of the session's own user's passkeys (better-auth's updatePasskey checks it is theirs).
 * @throws AppError not_found (not theirs, or gone) | unauthenticated
 */
export async function renamePasskey(_ctx: ServiceContext, input: RenamePasskeyInput, session: AuthSession): Promise<void> {
  try {
    await session.auth.api.updatePasskey({ body: { id: input.passkeyId, name: input.name }, headers: session.headers });
  } catch (error) {
    throw translatePasskeyError(error);
  }
}
