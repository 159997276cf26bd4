import { APIError } from "better-auth/api";
import { TOTP_REUSED } from "@/server/auth/totp-replay";
import { AppError, validationError } from "@/server/errors";
import { WRONG_PASSWORD_MESSAGE } from "./change-email";
import { translateSessionError } from "./translate-session-error";

export const WRONG_CODE_MESSAGE = "That code is not right. Enter the 6-digit code your authenticator app shows now.";
export const WRONG_BACKUP_CODE_MESSAGE = "That backup code is not right, or it was used already.";
export const REUSED_CODE_MESSAGE = "That code was used already. Enter the next code your authenticator app shows.";
export const CODES_LOCKED_MESSAGE = "Too many wrong codes. Try again in 15 minutes.";
export const CHALLENGE_ENDED_MESSAGE = "This sign-in has expired or had too many wrong codes. Sign in with your password again.";

/**
 * better-auth's twoFactor answers as the forms say them: a wrong password or code is a field
 * error, a spent limit is rate_limited with its wait, an ended sign-in challenge is unauthenticated.
 * `codeField` names the form's field for a wrong code.
 */
export function translateTwoFactorError(error: unknown, codeField = "code"): unknown {
  if (!(error instanceof APIError)) return error;
  const code: unknown = error.body?.code;
  if (code === "INVALID_PASSWORD") return validationError({ password: WRONG_PASSWORD_MESSAGE });
  if (code === "INVALID_CODE") return validationError({ [codeField]: WRONG_CODE_MESSAGE });
  if (code === TOTP_REUSED) return validationError({ [codeField]: REUSED_CODE_MESSAGE });
  if (code === "INVALID_BACKUP_CODE") return validationError({ [codeField]: WRONG_BACKUP_CODE_MESSAGE });
  if (code === "ACCOUNT_TEMPORARILY_LOCKED") return new AppError("rate_limited", CODES_LOCKED_MESSAGE);
  if (code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE" || code === "INVALID_TWO_FACTOR_COOKIE") return new AppError("unauthenticated", CHALLENGE_ENDED_MESSAGE);
  if (error.statusCode === 429) {
    const retryAfter: unknown = error.body?.retryAfter;
    return new AppError("rate_limited", error.body?.message ?? "Too many attempts. Try again later.", undefined, typeof retryAfter === "number" ? { "Retry-After": String(retryAfter) } : undefined);
  }
  if (code === "TOTP_ALREADY_ENABLED") return new AppError("conflict", "Two-factor authentication is already on.");
  if (code === "TWO_FACTOR_NOT_ENABLED" || code === "TOTP_NOT_ENABLED") return new AppError("conflict", "Two-factor authentication is off. Turn it on first.");
  return translateSessionError(error);
}
