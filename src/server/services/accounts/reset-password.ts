import { APIError } from "better-auth/api";
import type { ResetPasswordInput } from "@/shared/schemas/security";
import type { Auth } from "@/server/auth/auth";
import { workspaceIdOfSso } from "@/server/auth/sso-providers";
import type { PublicContext } from "@/server/context";
import { validationError } from "@/server/errors";
import { forgetResetLinks } from "./internal/forget-reset-links";
import type { ReclaimedAccount } from "./internal/reclaim-account";
import { reclaimAccount } from "./internal/reclaim-account";
import { isTokenShaped } from "./sign-in-link-state";

export const INVALID_RESET_LINK_MESSAGE = "This link has expired or was already used. Ask for a new one.";

/** What a reset did besides setting the password, for the page it sends the person on to. */
export interface ResetPasswordResult {
  /**
   * How many workspaces' own sign-in providers also sign in to the account. The reset proves the
   * address, and one of those may have registered it before its owner did (docs/product.md
   * "Single sign-on"), so the page sends the person on to review them.
   */
  workspaceSignIns: number;
  /** Set when the account's address wasn't confirmed before: what the reclaim took away. */
  reclaimed?: ReclaimedAccount;
}

/**
 * Sets a new password from an emailed reset link through better-auth's resetPassword: the token
 * works once, within the hour, and every session of the account ends (auth.ts), so the person
 * signs in again with the new password. Every other link still out for the account ends too.
 * The link went to the account's address, so opening it confirms the address; an account whose
 * address wasn't proved before may have been made by someone else on it, so the reset also
 * reclaims it (internal/reclaim-account.ts: passkeys, two-factor, sign-in providers, API tokens,
 * pending email changes; audited). A confirmed account's reset changes the password only.
 * @throws AppError validation_failed (the link expired, was used or never existed; a password the rules refuse)
 */
export async function resetPassword(ctx: PublicContext & { clientIp?: string }, auth: Auth, input: ResetPasswordInput): Promise<ResetPasswordResult> {
  if (!isTokenShaped(input.token)) throw validationError({ _: INVALID_RESET_LINK_MESSAGE });
  const { internalAdapter } = await auth.$context;
  // Read before the reset consumes it; better-auth's own lookup, whatever form it stores the token in.
  const userId = (await internalAdapter.findVerificationValue(`reset-password:${input.token}`))?.value;
  const wasProven = userId ? await addressWasProven(auth, userId) : true;
  try {
    await auth.api.resetPassword({ body: { token: input.token, newPassword: input.newPassword } });
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    if (error.body?.code === "PASSWORD_TOO_SHORT" || error.body?.code === "PASSWORD_TOO_LONG") throw validationError({ newPassword: error.body.message ?? "Choose another password." });
    if (error.statusCode === 400) throw validationError({ _: INVALID_RESET_LINK_MESSAGE });
    throw error;
  }
  if (!userId) return { workspaceSignIns: 0 };
  // Once confirmed, the account signs in with a password and is told of invitations.
  await internalAdapter.updateUser(userId, { emailVerified: true });
  await forgetResetLinks(auth, userId);
  const reclaimed = wasProven ? undefined : await reclaimAccount(ctx, userId);
  const linked = await internalAdapter.findAccounts(userId);
  const workspaceSignIns = linked.filter((account) => workspaceIdOfSso(account.providerId) !== null).length;
  return reclaimed ? { workspaceSignIns, reclaimed } : { workspaceSignIns };
}

/**
 * Whether the account's address was the account's before this reset: confirmed (a link mailed to
 * it was opened, or the instance's provider vouched for it), and not only on the word of other
 * workspaces' sign-in providers, which anyone who creates a workspace runs and which may claim any
 * address verified (docs/product.md "Single sign-on"; invitations/internal/address-proof.ts).
 */
async function addressWasProven(auth: Auth, userId: string): Promise<boolean> {
  const { internalAdapter } = await auth.$context;
  if ((await internalAdapter.findUserById(userId))?.emailVerified !== true) return false;
  const ways = await internalAdapter.findAccounts(userId);
  return !(ways.length > 0 && ways.every((account) => workspaceIdOfSso(account.providerId) !== null));
}
