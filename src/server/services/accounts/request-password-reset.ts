import type { RequestPasswordResetInput } from "@/shared/schemas/security";
import type { Auth } from "@/server/auth/auth";
import { AppError } from "@/server/errors";
import type { PasswordResetLimiter } from "./internal/password-reset-limiter";
import { passwordResetLimiter } from "./internal/password-reset-limiter";

/**
 * Where a reset request comes from: the client address it is limited by. Not the request's
 * origin: the emailed link is always on PUBLIC_URL (auth/auth-mail-senders.ts), whatever Host the request named.
 */
export interface ResetRequestOrigin {
  ip: string | null;
}

/**
 * "Forgot password?": when an account has the address, better-auth stores a one-hour, one-use
 * token and auth/auth-mail-senders.ts emails the link to /reset-password on PUBLIC_URL. The answer is the same
 * whether or not an account has it (docs/product.md "Validation"), and a failed send is only
 * logged, since saying so would tell the two apart. Anyone may call it; it needs SMTP (the
 * page says so without), and is limited per email address and per client address.
 * @param limiter the process's own unless a test brings a fresh one
 * @throws AppError rate_limited (too many requests for the address or from the client) | unavailable (no mailer: this server sends no email)
 */
export async function requestPasswordReset(
  auth: Auth,
  input: RequestPasswordResetInput,
  from: ResetRequestOrigin,
  canSendEmail: boolean,
  limiter: PasswordResetLimiter = passwordResetLimiter(),
): Promise<void> {
  if (!canSendEmail) throw new AppError("unavailable", "This server can't send email, so it can't send a reset link. Ask the administrator of this Quire server for help.");
  const retryAfter = await limiter.take(input.email, from.ip);
  if (retryAfter !== null) {
    const minutes = Math.ceil(retryAfter / 60);
    throw new AppError("rate_limited", `Too many reset requests. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`, undefined, { "Retry-After": String(retryAfter) });
  }
  await auth.api.requestPasswordReset({ body: { email: input.email } });
}
