import { and, count, eq } from "drizzle-orm";
import type { RemoveSignInMethodInput } from "@/shared/schemas/security";
import type { ServiceContext } from "@/server/context";
import { accounts, passkeys } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { recordAccountEvent } from "@/server/services/audit/internal/record-account-event";
import { ssoSignInOptions } from "@/server/services/sso/sso-sign-in-options";
import type { AuthSession } from "./auth-session";
import type { SignInMethodRow } from "@/server/presenters/present-sign-in-method";
import { listSignInMethods } from "./list-sign-in-methods";
import { revokeOtherSessions } from "./revoke-other-sessions";

export const SIGN_IN_METHOD_GONE_MESSAGE = "This sign-in method is already gone.";
export const LAST_WAY_IN_MESSAGE = "This is the only way you can sign in. Add a passkey first, then remove it.";
export const LAST_WAY_IN_SSO_ONLY_MESSAGE = "This is the only way you can sign in: this Quire signs in through single sign-on only.";
export const KEPT_METHOD_MESSAGES = {
  password: "Your password is changed in the section above; it can't be removed.",
  instance: "This server's own single sign-on links to your account again whenever you sign in through it, so it isn't removed here.",
} as const;

/**
 * Removes a workspace's own sign-in provider from the person's account, so it no longer signs in
 * to it, and signs every other session out: the sessions that provider made can't be told from the
 * others. A workspace's provider never links to an account it did not make (auth/sso-plugin.ts),
 * so once removed it can't come back; that is how someone who reset the password of an address a
 * workspace's provider registered first takes the account back (docs/product.md "Single
 * sign-on"). The password and the instance's provider are not removed here (see the messages).
 * Membership of that workspace is unchanged.
 * @throws AppError not_found (not the person's, or gone) | conflict (not removable; the last way in) | unauthenticated
 */
export async function removeSignInMethod(ctx: ServiceContext, input: RemoveSignInMethodInput, session: AuthSession): Promise<{ signedOutOthers: number }> {
  const methods = await listSignInMethods(ctx);
  const target = methods.find((method) => method.id === input.methodId);
  if (!target) throw new AppError("not_found", SIGN_IN_METHOD_GONE_MESSAGE);
  if (target.kind !== "workspace") throw new AppError("conflict", KEPT_METHOD_MESSAGES[target.kind]);
  const ssoOnly = ssoSignInOptions().ssoOnly;
  if (!(await anotherWayIn(ctx, methods, target, ssoOnly))) throw new AppError("conflict", ssoOnly ? LAST_WAY_IN_SSO_ONLY_MESSAGE : LAST_WAY_IN_MESSAGE);
  await ctx.db.delete(accounts).where(and(eq(accounts.id, target.id), eq(accounts.userId, ctx.actor.id)));
  const { revoked } = await revokeOtherSessions(ctx, session);
  const label = target.workspace ? `${target.workspace.providerLabel ?? "Sign-in provider"} (${target.workspace.name})` : "A deleted workspace's sign-in provider";
  await recordAccountEvent(ctx, "account.sign_in_method_removed", { method: label });
  return { signedOutOthers: revoked };
}

/** Whether the account keeps a way in without `target`: under SSO_ONLY only providers sign in. */
async function anotherWayIn(ctx: ServiceContext, methods: SignInMethodRow[], target: SignInMethodRow, ssoOnly: boolean): Promise<boolean> {
  const others = methods.filter((method) => method.id !== target.id);
  if (ssoOnly) return others.some((method) => method.kind !== "password");
  if (others.length > 0) return true;
  const [row] = await ctx.db.select({ passkeys: count() }).from(passkeys).where(eq(passkeys.userId, ctx.actor.id));
  return (row?.passkeys ?? 0) > 0;
}
