import type { TwoFactorPasswordInput } from "@/shared/schemas/two-factor";
import type { ServiceContext } from "@/server/context";
import { recordAccountEvent } from "@/server/services/audit/internal/record-account-event";
import type { AuthSession } from "./auth-session";
import { translateTwoFactorError } from "./translate-two-factor-error";

/**
 * New backup codes for the session's own user after the password (better-auth's
 * generateBackupCodes); the old ones stop working. Shown once: only their encryption is stored.
 * @throws AppError validation_failed (wrong password) | conflict (two-factor is off) | rate_limited | unauthenticated
 */
export async function regenerateBackupCodes(ctx: ServiceContext, input: TwoFactorPasswordInput, session: AuthSession): Promise<{ backupCodes: string[] }> {
  let backupCodes: string[];
  try {
    ({ backupCodes } = await session.auth.api.generateBackupCodes({ body: { password: input.password }, headers: session.headers }));
  } catch (error) {
    throw translateTwoFactorError(error);
  }
  await recordAccountEvent(ctx, "account.backup_codes_regenerated");
  return { backupCodes };
}
