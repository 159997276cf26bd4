import { APIError } from "better-auth/api";
import { AppError } from "@/server/errors";
import { UNCONFIRMED_PASSKEY_MESSAGE } from "@/shared/address-confirmation";
import { translateSessionError } from "./translate-session-error";

export const PASSKEY_NOT_FOUND_MESSAGE = "This passkey could not be found.";
export const PASSKEY_NOT_VERIFIED_MESSAGE = "The passkey could not be verified. Try again, or use another passkey.";

/** better-auth's passkey answers as the page says them; a missing session stays unauthenticated. */
export function translatePasskeyError(error: unknown): unknown {
  if (!(error instanceof APIError)) return error;
  const code: unknown = error.body?.code;
  // Someone else's passkey id answers as a missing one: an id reveals nothing.
  if (code === "PASSKEY_NOT_FOUND" || code === "YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY") return new AppError("not_found", PASSKEY_NOT_FOUND_MESSAGE);
  if (code === "CHALLENGE_NOT_FOUND") return new AppError("bad_request", "The passkey request expired. Try again.");
  if (code === "FAILED_TO_VERIFY_REGISTRATION" || code === "AUTHENTICATION_FAILED") return new AppError("bad_request", PASSKEY_NOT_VERIFIED_MESSAGE);
  // Its account's address isn't confirmed while SMTP is set up (auth/unconfirmed-accounts.ts).
  if (code === "EMAIL_NOT_VERIFIED") return new AppError("forbidden", UNCONFIRMED_PASSKEY_MESSAGE);
  if (code === "SESSION_REQUIRED") return new AppError("unauthenticated", "Your session has ended. Sign in again.");
  return translateSessionError(error);
}
