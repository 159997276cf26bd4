"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import type { ActionResult } from "@/shared/api-error";
import type { TwoFactorEnrolmentDto } from "@/shared/dto";
import type { ConfirmTwoFactorInput, TwoFactorPasswordInput } from "@/shared/schemas/two-factor";
import { ConfirmTwoFactorSchema, TwoFactorPasswordSchema } from "@/shared/schemas/two-factor";
import { getAuth } from "@/server/auth/auth";
import { presentTwoFactorEnrolment } from "@/server/presenters/present-two-factor-enrolment";
import { confirmTwoFactor } from "@/server/services/accounts/confirm-two-factor";
import { disableTwoFactor } from "@/server/services/accounts/disable-two-factor";
import { regenerateBackupCodes } from "@/server/services/accounts/regenerate-backup-codes";
import { startTwoFactorEnrolment } from "@/server/services/accounts/start-two-factor-enrolment";
import { runAction } from "./run-action";

// Confirming and turning off replace the session (better-auth), and a re-render in the same
// response would read the request's old cookie and find it signed out: those two don't
// revalidate, and the page refreshes itself once the browser holds the new cookie.

/** Profile → Security → "Turn on": the password, then the QR code, secret and backup codes, shown once. */
export async function startTwoFactorAction(input: TwoFactorPasswordInput): Promise<ActionResult<TwoFactorEnrolmentDto>> {
  return runAction(TwoFactorPasswordSchema, input, async (ctx, data) =>
    presentTwoFactorEnrolment(await startTwoFactorEnrolment(ctx, data, { auth: await getAuth(), headers: await headers() })),
  );
}

/** The enrolment's "Confirm": the app's current code turns two-factor on. */
export async function confirmTwoFactorAction(input: ConfirmTwoFactorInput): Promise<ActionResult<undefined>> {
  return runAction(ConfirmTwoFactorSchema, input, async (ctx, data) => {
    await confirmTwoFactor(ctx, data, { auth: await getAuth(), headers: await headers() });
    return undefined;
  });
}

/** "New backup codes": the password, then ten new codes shown once; the old ones stop working. */
export async function regenerateBackupCodesAction(input: TwoFactorPasswordInput): Promise<ActionResult<{ backupCodes: string[] }>> {
  return runAction(TwoFactorPasswordSchema, input, async (ctx, data) => {
    const result = await regenerateBackupCodes(ctx, data, { auth: await getAuth(), headers: await headers() });
    revalidatePath("/profile/security");
    return result;
  });
}

/** "Turn off": the password. */
export async function disableTwoFactorAction(input: TwoFactorPasswordInput): Promise<ActionResult<undefined>> {
  return runAction(TwoFactorPasswordSchema, input, async (ctx, data) => {
    await disableTwoFactor(ctx, data, { auth: await getAuth(), headers: await headers() });
    return undefined;
  });
}
