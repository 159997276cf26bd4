import type { RemovePasskeyInput } from "@/shared/schemas/two-factor";
import type { ServiceContext } from "@/server/context";
import { recordAccountEvent } from "@/server/services/audit/internal/record-account-event";
import { AppError } from "@/server/errors";
import type { AuthSession } from "./auth-session";
import { listPasskeys } from "./list-passkeys";
import { PASSKEY_NOT_FOUND_MESSAGE, translatePasskeyError } from "./translate-passkey-error";

/**
 * Removes one of the session's own user's passkeys (better-auth's deletePasskey checks it is
 * theirs); it no longer signs in. Every workspace of the person records it.
 * @throws AppError not_found (not theirs, or gone) | unauthenticated
 */
export async function removePasskey(ctx: ServiceContext, input: RemovePasskeyInput, session: AuthSession): Promise<void> {
  // Looked up among the person's own (its name is for the log): better-auth answers someone
  // else's id with a bare 401, which would read as a lost session.
  const passkey = (await listPasskeys(ctx, session)).find((row) => row.id === input.passkeyId);
  if (!passkey) throw new AppError("not_found", PASSKEY_NOT_FOUND_MESSAGE);
  try {
    await session.auth.api.deletePasskey({ body: { id: input.passkeyId }, headers: session.headers });
  } catch (error) {
    throw translatePasskeyError(error);
  }
  await recordAccountEvent(ctx, "account.passkey_removed", undefined, { id: input.passkeyId, label: passkey.name?.trim() || "Passkey" });
}
