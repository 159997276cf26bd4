import { eq } from "drizzle-orm";
import type { InvitedSignUpInput } from "@/shared/schemas/member";
import type { Auth } from "@/server/auth/auth";
import type { Db } from "@/server/db/client";
import { users } from "@/server/db/schema";
import { AppError, validationError } from "@/server/errors";
import { acceptInvitation } from "@/server/services/invitations/accept-invitation";
import { findInvitationByToken } from "@/server/services/invitations/find-invitation-by-token";
import { INVITATION_MESSAGES } from "@/shared/invitations";
import { EMAIL_TAKEN_MESSAGE, isEmailTaken, translateAuthError } from "./sign-up";

/**
 * Sign-up from an invitation link: creates the account with the invited address, signs it
 * in and makes it a member of the inviting workspace (no first workspace of its own). On
 * any failure nothing is left behind.
 * @throws AppError validation_failed (link no longer pending, another address, email taken)
 */
export async function signUpWithInvitation(db: Db, auth: Auth, input: InvitedSignUpInput, headers: Headers, now = new Date()) {
  const invitation = await findInvitationByToken({ db }, input.token, now);
  if (!invitation) throw validationError({ _: INVITATION_MESSAGES.invalid });
  if (invitation.status !== "pending") throw validationError({ _: INVITATION_MESSAGES[invitation.status] });
  if (invitation.email !== input.email) {
    throw validationError({ email: `This invitation is for ${invitation.email}. Sign up with that address.` });
  }
  if (await isEmailTaken(db, input.email)) throw validationError({ email: EMAIL_TAKEN_MESSAGE });

  const { user } = await auth.api
    .signUpEmail({ body: { name: input.name, email: input.email, password: input.password }, headers })
    .catch((error: unknown) => {
      throw translateAuthError(error);
    });
  const actor = { id: user.id, name: user.name, email: user.email, color: String(user.color) };
  try {
    const accepted = await acceptInvitation({ db, actor }, input.token, now);
    // With SMTP set up, sign-up signs nobody in (sign-up.ts); the invitation link, sent to this
    // very address, already proved it, so the new member is signed in here.
    if (!(await auth.$context).options.emailAndPassword?.autoSignIn) {
      await auth.api.signInEmail({ body: { email: input.email, password: input.password }, headers });
    }
    return { user: actor, workspace: accepted.workspace };
  } catch (error) {
    // The invitation was revoked or used between our check and now: undo the account.
    await db.delete(users).where(eq(users.id, user.id));
    if (error instanceof AppError) throw validationError({ _: error.message });
    throw error;
  }
}
