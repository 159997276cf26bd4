import type { RenamePasskeyInput } from "@/shared/schemas/two-factor";
import type { ServiceContext } from "@/server/context";
import { AppError } from "@/server/errors";
import type { AuthSession } from "./auth-session";
import { listPasskeys } from "./list-passkeys";
import { PASSKEY_NOT_FOUND_MESSAGE, translatePasskeyError } from "./translate-passkey-error";

/**
 * Renames one of the session's own user's passkeys (better-auth's updatePasskey checks it is theirs).
 * @throws AppError not_found (not theirs, or gone) | unauthenticated
 */
export async function renamePasskey(ctx: ServiceContext, input: RenamePasskeyInput, session: AuthSession): Promise<void> {
  // Looked up among the person's own first: better-auth answers someone else's id with a bare 401,
  // which would read as a lost session.
  if (!(await listPasskeys(ctx, session)).some((row) => row.id === input.passkeyId)) throw new AppError("not_found", PASSKEY_NOT_FOUND_MESSAGE);
  try {
    await session.auth.api.updatePasskey({ body: { id: input.passkeyId, name: input.name }, headers: session.headers });
  } catch (error) {
    throw translatePasskeyError(error);
  }
}
