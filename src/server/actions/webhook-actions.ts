"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import type { ActionResult } from "@/shared/api-error";
import type { FormState } from "@/shared/form-state";
import type { DeleteWebhookInput, ResendWebhookDeliveryInput, WebhookCreatedDto } from "@/shared/schemas/webhook";
import { CreateWebhookSchema, DeleteWebhookSchema, ResendWebhookDeliverySchema } from "@/shared/schemas/webhook";
import { clientIpOf } from "@/server/auth/client-ip";
import { requireActor } from "@/server/auth/session";
import { getDb } from "@/server/db/database";
import { fieldErrorsFrom } from "@/server/errors";
import { createWebhook } from "@/server/services/webhooks/create-webhook";
import { deleteWebhook } from "@/server/services/webhooks/delete-webhook";
import { resendWebhookDelivery } from "@/server/services/webhooks/resend-webhook-delivery";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";
import { formStateFromError, formValues } from "./form-helpers";
import { runAction } from "./run-action";

/** What the webhook form shows: field errors, or the new webhook with its secret (shown once). */
export interface CreateWebhookFormState extends FormState {
  created?: WebhookCreatedDto;
  /** The event boxes that were ticked, to show them again after an error. */
  events?: string[];
}

/** Settings → Webhooks → "Add webhook": registers an endpoint; admins and owners. */
export async function createWebhookAction(_previous: CreateWebhookFormState, formData: FormData): Promise<CreateWebhookFormState> {
  const actor = await requireActor();
  const values = formValues(formData, ["workspaceId", "url", "description"]);
  // Repeated checkboxes: formValues reads single fields only.
  const events = formData instanceof FormData ? formData.getAll("events").filter((value): value is string => typeof value === "string") : [];
  const echo = { url: values.url ?? "", description: values.description ?? "" };
  const parsed = CreateWebhookSchema.safeParse({ ...values, events });
  if (!parsed.success) return { fields: fieldErrorsFrom(parsed.error), values: echo, events };
  try {
    const ctx = { db: await getDb(), actor, clientIp: clientIpOf(await headers()) };
    const created = await createWebhook(ctx, parsed.data);
    const workspace = await findWorkspaceForMember(ctx, { id: parsed.data.workspaceId });
    revalidatePath(`/w/${workspace.slug}/settings/webhooks`);
    return { success: `Added the webhook for ${created.url}.`, created };
  } catch (error) {
    return { ...formStateFromError(error, echo), events };
  }
}

/** Settings → Webhooks → "Delete": the list refreshes itself (router.refresh), as API tokens' "Revoke" does. */
export async function deleteWebhookAction(input: DeleteWebhookInput): Promise<ActionResult<{ id: string }>> {
  return runAction(DeleteWebhookSchema, input, (ctx, data) => deleteWebhook(ctx, data));
}

/** Settings → Webhooks → a webhook's deliveries → "Resend": a new delivery of the same event, due now. */
export async function resendWebhookDeliveryAction(input: ResendWebhookDeliveryInput): Promise<ActionResult<{ id: string }>> {
  return runAction(ResendWebhookDeliverySchema, input, async (ctx, data) => ({ id: (await resendWebhookDelivery(ctx, data)).id }));
}
