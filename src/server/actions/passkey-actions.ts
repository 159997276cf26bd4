"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { z } from "zod";
import type { ActionResult } from "@/shared/api-error";
import type { PasskeyDto } from "@/shared/dto";
import type { AddPasskeyInput, RemovePasskeyInput, RenamePasskeyInput } from "@/shared/schemas/two-factor";
import { AddPasskeySchema, RemovePasskeySchema, RenamePasskeySchema } from "@/shared/schemas/two-factor";
import { getAuth } from "@/server/auth/auth";
import { presentPasskey } from "@/server/presenters/present-passkey";
import { addPasskey } from "@/server/services/accounts/add-passkey";
import { passkeyRegistrationOptions } from "@/server/services/accounts/passkey-registration-options";
import { removePasskey } from "@/server/services/accounts/remove-passkey";
import { renamePasskey } from "@/server/services/accounts/rename-passkey";
import { runAction } from "./run-action";

const SECURITY_PATH = "/profile/security";

/** Profile → Security → "Add a passkey", first half: the options the browser creates the passkey with. */
export async function passkeyRegistrationOptionsAction(): Promise<ActionResult<Record<string, unknown>>> {
  return runAction(z.undefined(), undefined, async (ctx) => passkeyRegistrationOptions(ctx, { auth: await getAuth(), headers: await headers() }));
}

/** Second half: the browser's new passkey, kept under its name. */
export async function addPasskeyAction(input: AddPasskeyInput): Promise<ActionResult<PasskeyDto>> {
  return runAction(AddPasskeySchema, input, async (ctx, data) => {
    const row = await addPasskey(ctx, data, { auth: await getAuth(), headers: await headers() });
    revalidatePath(SECURITY_PATH);
    return presentPasskey(row);
  });
}

/** A passkey's "Rename". */
export async function renamePasskeyAction(input: RenamePasskeyInput): Promise<ActionResult<undefined>> {
  return runAction(RenamePasskeySchema, input, async (ctx, data) => {
    await renamePasskey(ctx, data, { auth: await getAuth(), headers: await headers() });
    revalidatePath(SECURITY_PATH);
    return undefined;
  });
}

/** A passkey's "Remove", once confirmed. */
export async function removePasskeyAction(input: RemovePasskeyInput): Promise<ActionResult<undefined>> {
  return runAction(RemovePasskeySchema, input, async (ctx, data) => {
    await removePasskey(ctx, data, { auth: await getAuth(), headers: await headers() });
    revalidatePath(SECURITY_PATH);
    return undefined;
  });
}
