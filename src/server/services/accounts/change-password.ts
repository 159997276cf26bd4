import { APIError } from "better-auth/api";
import type { ChangePasswordInput } from "@/shared/schemas/security";
import type { ServiceContext } from "@/server/context";
import { AppError, validationError } from "@/server/errors";
import type { AuthSession } from "./auth-session";
import { WRONG_PASSWORD_MESSAGE } from "./change-email";
import { translateSessionError } from "./translate-session-error";
import { forgetResetLinks } from "./internal/forget-reset-links";

export const SAME_PASSWORD_MESSAGE = "Choose a password different from the current one.";
export const NO_PASSWORD_MESSAGE = "Your account has no password: you sign in through single sign-on.";

/**
 * Changes the signed-in person's password through better-auth's changePassword, which checks the
 * current one against the session's own user. A wrong current password counts with the account's
 * sign-ins (auth/auth-request-hooks.ts), as the email change's does. With `signOutOthers`, every other session ends
 * and this one stays. (better-auth's own `revokeOtherSessions: true` replaces this session too,
 * but a server action's re-render still reads the old cookie from the request's headers, so the
 * page would send the person to sign-in: the others are revoked in a second call instead.)
 * @throws AppError validation_failed (wrong current password, the same password again, no password at all) | rate_limited (too many wrong passwords) | unauthenticated
 */
export async function changePassword(ctx: ServiceContext, input: ChangePasswordInput, session: AuthSession): Promise<{ signedOutOthers: boolean }> {
  if (input.newPassword === input.currentPassword) throw validationError({ newPassword: SAME_PASSWORD_MESSAGE });
  try {
    await session.auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword },
      headers: session.headers,
    });
    if (input.signOutOthers) await session.auth.api.revokeOtherSessions({ headers: session.headers });
  } catch (error) {
    throw translateChangeError(error);
  }
  // A reset link asked for before (perhaps by whoever made the person change it) sets it no more.
  await forgetResetLinks(session.auth, ctx.actor.id);
  return { signedOutOthers: input.signOutOthers };
}

function translateChangeError(error: unknown): unknown {
  if (!(error instanceof APIError)) return error;
  if (error.body?.code === "INVALID_PASSWORD") return validationError({ currentPassword: WRONG_PASSWORD_MESSAGE });
  // An account single sign-on made (the security page shows it no form; this is a direct call).
  if (error.body?.code === "CREDENTIAL_ACCOUNT_NOT_FOUND") return validationError({ currentPassword: NO_PASSWORD_MESSAGE });
  if (error.statusCode === 429) {
    const retryAfter: unknown = error.body?.retryAfter;
    return new AppError("rate_limited", error.body?.message ?? "Too many attempts. Try again later.", undefined, typeof retryAfter === "number" ? { "Retry-After": String(retryAfter) } : undefined);
  }
  // Lengths are checked by the schema first; this is better-auth's own check agreeing.
  if (error.body?.code === "PASSWORD_TOO_SHORT" || error.body?.code === "PASSWORD_TOO_LONG") return validationError({ newPassword: error.body.message ?? "Choose another password." });
  return translateSessionError(error);
}
