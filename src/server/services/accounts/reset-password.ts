import { APIError } from "better-auth/api";
import type { ResetPasswordInput } from "@/shared/schemas/security";
import type { Auth } from "@/server/auth/auth";
import { workspaceIdOfSso } from "@/server/auth/sso-providers";
import { validationError } from "@/server/errors";
import { forgetResetLinks } from "./internal/forget-reset-links";

export const INVALID_RESET_LINK_MESSAGE = "This link has expired or was already used. Ask for a new one.";

/**
 * Sets a new password from an emailed reset link through better-auth's resetPassword: the token
 * works once, within the hour, and every session of the account ends (auth.ts), so the person
 * signs in again with the new password. Every other link still out for the account ends too.
 * @returns how many workspaces' own sign-in providers also sign in to the account. The reset
 * proves the address, and one of those may have registered it before its owner did (docs/product.md
 * "Single sign-on"), so the page sends the person on to review them.
 * @throws AppError validation_failed (the link expired, was used or never existed; a password the rules refuse)
 */
export async function resetPassword(auth: Auth, input: ResetPasswordInput): Promise<{ workspaceSignIns: number }> {
  const { internalAdapter } = await auth.$context;
  // Read before the reset consumes it; better-auth's own lookup, whatever form it stores the token in.
  const userId = (await internalAdapter.findVerificationValue(`reset-password:${input.token}`))?.value;
  try {
    await auth.api.resetPassword({ body: { token: input.token, newPassword: input.newPassword } });
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    if (error.body?.code === "PASSWORD_TOO_SHORT" || error.body?.code === "PASSWORD_TOO_LONG") throw validationError({ newPassword: error.body.message ?? "Choose another password." });
    if (error.statusCode === 400) throw validationError({ _: INVALID_RESET_LINK_MESSAGE });
    throw error;
  }
  if (!userId) return { workspaceSignIns: 0 };
  // The link was mailed to the account's address, so opening it proves the address. An account
  // someone else made with it and never confirmed becomes its owner's this way (the reset signed
  // every session out); once confirmed it signs in with a password and is told of invitations.
  await internalAdapter.updateUser(userId, { emailVerified: true });
  await forgetResetLinks(auth, userId);
  const linked = await internalAdapter.findAccounts(userId);
  return { workspaceSignIns: linked.filter((account) => workspaceIdOfSso(account.providerId) !== null).length };
}
