"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import type { ActionResult } from "@/shared/api-error";
import type { ApiTokenCreatedDto } from "@/shared/api-tokens";
import type { FormState } from "@/shared/form-state";
import type { RevokeApiTokenInput } from "@/shared/schemas/api-token";
import { CreateApiTokenSchema, RevokeApiTokenSchema } from "@/shared/schemas/api-token";
import { clientIpOf } from "@/server/auth/client-ip";
import { requireActor } from "@/server/auth/session";
import { getDb } from "@/server/db/database";
import { createApiToken } from "@/server/services/api-tokens/create-api-token";
import { revokeApiToken } from "@/server/services/api-tokens/revoke-api-token";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";
import { formStateFromError, formValues, parseForm } from "./form-helpers";
import { runAction } from "./run-action";

/** What the token form shows: field errors, or the new token (shown once). */
export interface CreateApiTokenFormState extends FormState {
  created?: ApiTokenCreatedDto;
}

/** Settings → API tokens: creates a token for the signed-in person in this workspace. */
export async function createApiTokenAction(_previous: CreateApiTokenFormState, formData: FormData): Promise<CreateApiTokenFormState> {
  const actor = await requireActor();
  const values = formValues(formData, ["workspaceId", "name", "scope", "expiresOn"]);
  const parsed = parseForm(CreateApiTokenSchema, values, values);
  if ("state" in parsed) return parsed.state;
  try {
    const ctx = { db: await getDb(), actor, clientIp: clientIpOf(await headers()) };
    const created = await createApiToken(ctx, parsed.data);
    const workspace = await findWorkspaceForMember(ctx, { id: parsed.data.workspaceId });
    revalidatePath(`/w/${workspace.slug}/settings/api-tokens`);
    return { success: `Created the token "${created.apiToken.name}".`, values: { scope: parsed.data.scope }, created };
  } catch (error) {
    return formStateFromError(error, values);
  }
}

/**
 * Settings → API tokens → "Revoke": the token stops working at once. No revalidatePath: the list
 * refreshes itself (router.refresh), and a revalidation would re-render whatever page the call
 * was posted from as part of the answer.
 */
export async function revokeApiTokenAction(input: RevokeApiTokenInput): Promise<ActionResult<{ id: string }>> {
  return runAction(RevokeApiTokenSchema, input, async (ctx, data) => ({ id: (await revokeApiToken(ctx, data)).id }));
}
