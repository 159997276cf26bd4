"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { z } from "zod";
import type { ActionResult } from "@/shared/api-error";
import type { FormState } from "@/shared/form-state";
import type { RemoveSignInMethodInput, RevokeSessionInput } from "@/shared/schemas/security";
import { ChangePasswordSchema, RemoveSignInMethodSchema, RevokeSessionSchema } from "@/shared/schemas/security";
import { getAuth } from "@/server/auth/auth";
import { requireActor } from "@/server/auth/session";
import { getDb } from "@/server/db/database";
import { changePassword } from "@/server/services/accounts/change-password";
import { removeSignInMethod } from "@/server/services/accounts/remove-sign-in-method";
import { revokeOtherSessions } from "@/server/services/accounts/revoke-other-sessions";
import { revokeSession } from "@/server/services/accounts/revoke-session";
import { fieldErrorsFrom } from "@/server/errors";
import { formStateFromError, formValues } from "./form-helpers";
import { runAction } from "./run-action";

const SECURITY_PATH = "/profile/security";

/** Profile → Security → a session's "Sign out". */
export async function revokeSessionAction(input: RevokeSessionInput): Promise<ActionResult<{ sessionId: string }>> {
  return runAction(RevokeSessionSchema, input, async (ctx, data) => {
    const result = await revokeSession(ctx, data, { auth: await getAuth(), headers: await headers() });
    revalidatePath(SECURITY_PATH);
    return result;
  });
}

/** Profile → Security → "Sign out everywhere else", once confirmed. */
export async function revokeOtherSessionsAction(): Promise<ActionResult<{ revoked: number }>> {
  return runAction(z.undefined(), undefined, async (ctx) => {
    const result = await revokeOtherSessions(ctx, { auth: await getAuth(), headers: await headers() });
    revalidatePath(SECURITY_PATH);
    return result;
  });
}

/** Profile → Security → a workspace's sign-in provider's "Remove", once confirmed. */
export async function removeSignInMethodAction(input: RemoveSignInMethodInput): Promise<ActionResult<{ signedOutOthers: number }>> {
  return runAction(RemoveSignInMethodSchema, input, async (ctx, data) => {
    const result = await removeSignInMethod(ctx, data, { auth: await getAuth(), headers: await headers() });
    revalidatePath(SECURITY_PATH);
    return result;
  });
}

/**
 * Profile → Security → password: the current one, the new one, and whether to end the other
 * sessions (services/accounts/change-password.ts). Passwords are never echoed back.
 */
export async function changePasswordAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const actor = await requireActor(SECURITY_PATH);
  const values = formValues(formData, ["currentPassword", "newPassword", "signOutOthers"]);
  const input = { currentPassword: values.currentPassword ?? "", newPassword: values.newPassword ?? "", signOutOthers: values.signOutOthers === "on" };
  // A checkbox is "on" or absent, so the schema gets the boolean rather than the form's strings.
  const parsed = ChangePasswordSchema.safeParse(input);
  if (!parsed.success) return { fields: fieldErrorsFrom(parsed.error) };
  try {
    const result = await changePassword({ db: await getDb(), actor }, parsed.data, { auth: await getAuth(), headers: await headers() });
    revalidatePath(SECURITY_PATH);
    return { success: result.signedOutOthers ? "Password changed. Every other session is signed out." : "Password changed." };
  } catch (error) {
    return formStateFromError(error, {});
  }
}
