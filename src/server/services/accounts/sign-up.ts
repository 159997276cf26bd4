import { eq } from "drizzle-orm";
import { APIError, createEmailVerificationToken } from "better-auth/api";
import type { SignUpInput } from "@/shared/schemas/auth";
import type { InvitedSignUpInput } from "@/shared/schemas/member";
import { INVITATION_MESSAGES } from "@/shared/invitations";
import type { FieldErrors } from "@/shared/api-error";
import type { Auth } from "@/server/auth/auth";
import type { Db } from "@/server/db/client";
import { users, workspaces } from "@/server/db/schema";
import { AppError, validationError } from "@/server/errors";
import type { Mail, Mailer } from "@/server/mail/mailer";
import { existingAccountEmail, FINISH_SIGN_UP_HOURS, finishSignUpEmail } from "@/server/mail/account-emails";
import { acceptInvitation } from "@/server/services/invitations/accept-invitation";
import { findInvitationByToken } from "@/server/services/invitations/find-invitation-by-token";
import { createWorkspace, SLUG_TAKEN_MESSAGE } from "@/server/services/workspaces/create-workspace";
import { isSlugAvailable } from "@/server/services/workspaces/is-slug-available";

export const EMAIL_TAKEN_MESSAGE = "An account with this email already exists. Sign in instead.";

/** A sign-up that signed the person in, with their first workspace. */
export interface SignedUp {
  status: "signed_in";
  user: { id: string; name: string; email: string; color: string };
  workspace: { id: string; slug: string; name: string };
}

/** Where a sign-up left the person: signed in, or sent to their inbox (SMTP set up). */
export type SignUpResult = SignedUp | { status: "check_email" };

/**
 * The one way an account is made (the sign-up form, with or without an invitation). With a
 * workspace's name and address, creates the account and that first workspace with the new user
 * as owner; with an invitation's token, creates the account for the invited address and makes it
 * a member of the inviting workspace instead (no workspace of its own). On any failure nothing is
 * left behind.
 *
 * Without a mailer, the account is signed in at once (the session cookie goes out with the
 * current response), and an address that has an account is refused with a field error.
 * With one (SMTP_URL), the answer is the same whether the address is new or taken, so the
 * form can't be used to find out who has an account (docs/product.md "Validation"): a new
 * account gets an email whose link confirms the address, signs in and opens the workspace, and
 * the owner of a taken address gets an email saying so; nothing else changes for them.
 *
 * An invited sign-up joins the inviting workspace at once, and may say an address is taken
 * (whoever holds the link knows the address, so that tells them nothing new). Without a mailer it
 * signs in; with one, it too is emailed the link that confirms the address and signs in: the
 * invitation's link proves nothing about the address, since the inviter holds it as well.
 * @param mail the mailer and the origin emailed links point to (PUBLIC_URL's, mailLinkOrigin: never the request's Host); null without SMTP
 * @throws AppError validation_failed (slug taken; email taken without a mailer or with an invitation; the link no
 *   longer pending or for another address) | unavailable (the email could not be sent)
 */
export async function signUp(db: Db, auth: Auth, input: SignUpInput | InvitedSignUpInput, headers: Headers): Promise<SignedUp>;
export async function signUp(db: Db, auth: Auth, input: SignUpInput | InvitedSignUpInput, headers: Headers, mail: SignUpMail | null): Promise<SignUpResult>;
export async function signUp(
  db: Db,
  auth: Auth,
  input: SignUpInput | InvitedSignUpInput,
  headers: Headers,
  mail: SignUpMail | null = null,
): Promise<SignUpResult> {
  if ("token" in input) return signUpInvited(db, auth, input, headers, mail);
  const fields: FieldErrors = {};
  if (!mail && (await isEmailTaken(db, input.email))) fields.email = EMAIL_TAKEN_MESSAGE;
  if (!(await isSlugAvailable({ db }, input.workspaceSlug))) fields.workspaceSlug = SLUG_TAKEN_MESSAGE;
  if (Object.keys(fields).length > 0) throw validationError(fields);

  // With a mailer, better-auth answers a taken address with a made-up user that was never stored
  // (and signs nobody in): the same shape as a new account, after the same password hashing.
  const user = await createAccount(auth, input, headers);
  if (mail && !(await userExists(db, user.id))) {
    await sendOrUnavailable(mail.mailer, existingAccountEmail({ to: input.email, signInLink: `${mail.origin}/login` }));
    return { status: "check_email" };
  }

  const actor = { id: user.id, name: user.name, email: user.email, color: String(user.color), twoFactorEnabled: false };
  let createdWorkspaceId: string | undefined;
  try {
    const workspace = await createWorkspace({ db, actor }, { name: input.workspaceName, slug: input.workspaceSlug });
    createdWorkspaceId = workspace.id;
    if (!mail) return { status: "signed_in", user: actor, workspace };
    const link = await finishSignUpLink(auth, mail.origin, user, `/w/${workspace.slug}`);
    await sendOrUnavailable(mail.mailer, finishSignUpEmail({ to: user.email, name: user.name, workspaceName: workspace.name, link }));
    return { status: "check_email" };
  } catch (error) {
    // Lost a race for the slug after our check, or the email could not go out: undo the
    // account and its workspace so the person can simply try again.
    if (createdWorkspaceId) await db.delete(workspaces).where(eq(workspaces.id, createdWorkspaceId));
    await db.delete(users).where(eq(users.id, user.id));
    if (error instanceof AppError && error.fields?.slug) throw validationError({ workspaceSlug: error.fields.slug });
    throw error;
  }
}

async function signUpInvited(db: Db, auth: Auth, input: InvitedSignUpInput, headers: Headers, mail: SignUpMail | null, now = new Date()): Promise<SignUpResult> {
  const invitation = await findInvitationByToken({ db }, input.token, now);
  if (!invitation) throw validationError({ _: INVITATION_MESSAGES.invalid });
  if (invitation.status !== "pending") throw validationError({ _: INVITATION_MESSAGES[invitation.status] });
  if (invitation.email !== input.email) {
    throw validationError({ email: `This invitation is for ${invitation.email}. Sign up with that address.` });
  }
  if (await isEmailTaken(db, input.email)) throw validationError({ email: EMAIL_TAKEN_MESSAGE });

  const user = await createAccount(auth, input, headers);
  const actor = { id: user.id, name: user.name, email: user.email, color: String(user.color), twoFactorEnabled: false };
  try {
    // With SMTP set up, the address is confirmed by mail before the account signs in, as any
    // sign-up's is: holding the link proves nothing about it, since the inviter saw the link too.
    // Mailed first, so a failed send leaves no member behind.
    if (mail) {
      const link = await finishSignUpLink(auth, mail.origin, user, `/w/${invitation.workspace.slug}`);
      await sendOrUnavailable(mail.mailer, finishSignUpEmail({ to: user.email, name: user.name, workspaceName: invitation.workspace.name, link, joined: true }));
    }
    const accepted = await acceptInvitation({ db, actor }, input.token, now);
    return mail ? { status: "check_email" } : { status: "signed_in", user: actor, workspace: accepted.workspace };
  } catch (error) {
    // The email could not go out, or the invitation was revoked or used between our check and
    // now: undo the account.
    await db.delete(users).where(eq(users.id, user.id));
    if (error instanceof AppError && error.code !== "unavailable") throw validationError({ _: error.message });
    throw error;
  }
}

// better-auth's email sign-up (its password hashing, its user row); its failures as our field errors.
async function createAccount(auth: Auth, input: { name: string; email: string; password: string }, headers: Headers) {
  const { user } = await auth.api
    .signUpEmail({ body: { name: input.name, email: input.email, password: input.password }, headers })
    .catch((error: unknown) => {
      throw translateAuthError(error);
    });
  return user;
}

/** The mailer sign-up sends with, and the origin its links point to (PUBLIC_URL's). */
export interface SignUpMail {
  mailer: Mailer;
  origin: string;
}

// better-auth's own email-verification token and endpoint: the link confirms the address, signs
// in (autoSignInAfterVerification) and goes on to `next`.
async function finishSignUpLink(auth: Auth, origin: string, user: { id: string; email: string }, next: string): Promise<string> {
  const { secret } = await auth.$context;
  const token = await createEmailVerificationToken(secret, user.email, undefined, FINISH_SIGN_UP_HOURS * 3600, { userId: user.id });
  return `${origin}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(next)}`;
}

async function sendOrUnavailable(mailer: Mailer, message: Mail): Promise<void> {
  try {
    await mailer.send(message);
  } catch (error) {
    // Ids and addresses stay out of the log line; the reason is enough to fix SMTP.
    console.error("[mail] sign-up email failed:", error instanceof Error ? error.message : error);
    throw new AppError("unavailable", "We couldn't send the email to finish signing up. Try again in a few minutes.");
  }
}

async function userExists(db: Db, id: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return rows.length > 0;
}

/** Whether an account uses `email` (stored lower-case). */
export async function isEmailTaken(db: Db, email: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return rows.length > 0;
}

/** better-auth's sign-up failures as the field errors and codes our forms show. */
function translateAuthError(error: unknown): unknown {
  if (!(error instanceof APIError)) return error;
  if (error.body?.code === "USER_ALREADY_EXISTS" || error.body?.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
    return validationError({ email: EMAIL_TAKEN_MESSAGE });
  }
  if (error.status === "TOO_MANY_REQUESTS") {
    return new AppError("rate_limited", "Too many attempts. Wait a minute and try again.");
  }
  if (error.statusCode === 400 || error.statusCode === 422) {
    return validationError({ _: error.body?.message ?? "Could not create the account." });
  }
  return error; // unexpected: reaches the error page and the log

}
