"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import type { FormState } from "@/shared/form-state";
import { ChangeEmailSchema, UpdateProfileSchema } from "@/shared/schemas/profile";
import { getAuth } from "@/server/auth/auth";
import { requireActor } from "@/server/auth/session";
import { getDb } from "@/server/db/database";
import { mailLinkOrigin } from "@/server/mail/mail-link-origin";
import { getMailer } from "@/server/mail/mailer";
import { changeEmail } from "@/server/services/accounts/change-email";
import { updateProfile } from "@/server/services/accounts/update-profile";
import { formStateFromError, formValues, parseForm } from "./form-helpers";

/** Profile → name and avatar colour; every page that draws the person's avatar shows the change. */
export async function updateProfileAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const actor = await requireActor("/profile");
  const values = formValues(formData, ["name", "color"]);
  const parsed = parseForm(UpdateProfileSchema, values, values);
  if ("state" in parsed) return parsed.state;
  let saved: Awaited<ReturnType<typeof updateProfile>>;
  try {
    saved = await updateProfile({ db: await getDb(), actor }, parsed.data, { auth: await getAuth(), headers: await headers() });
  } catch (error) {
    return formStateFromError(error, values);
  }
  // The account button, member lists and share dialogs of every workspace read the name and colour.
  revalidatePath("/", "layout");
  return { success: "Saved.", values: { name: saved.name, color: saved.color } };
}

/**
 * Profile → email, after the current password: changed at once without SMTP, or a link sent to
 * the new address with it (services/accounts/change-email.ts).
 */
export async function changeEmailAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const actor = await requireActor("/profile");
  const values = formValues(formData, ["email", "currentPassword"]);
  const echo = { email: values.email ?? "" };
  const parsed = parseForm(ChangeEmailSchema, values, echo);
  if ("state" in parsed) return parsed.state;
  try {
    const requestHeaders = await headers();
    const mail = getMailer() ? { origin: mailLinkOrigin() } : null;
    const result = await changeEmail({ db: await getDb(), actor }, parsed.data, { auth: await getAuth(), headers: requestHeaders, mail });
    if (result.status === "check_email") {
      return { success: `Check your inbox at ${result.email}: open the link there to finish the change. Until then, sign in with your current address.`, values: { email: "" } };
    }
    revalidatePath("/", "layout");
    return { success: `Saved. Sign in with ${result.email} from now on.`, values: { email: "" } };
  } catch (error) {
    return formStateFromError(error, echo);
  }
}
