import { count, eq } from "drizzle-orm";
import type { CreateWebhookData } from "@/shared/schemas/webhook";
import { MAX_WEBHOOKS_PER_WORKSPACE } from "@/shared/schemas/webhook";
import type { WebhookCreatedDto } from "@/shared/schemas/webhook";
import type { ServiceContext } from "@/server/context";
import { webhooks } from "@/server/db/schema";
import { AppError, authorize, validationError } from "@/server/errors";
import { workspaceAbilities } from "@/server/policies/workspace-policy";
import { presentWebhook } from "@/server/presenters/present-webhook";
import { recordAuditEvent } from "@/server/services/audit/internal/record-audit-event";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";
import type { AddressPolicy } from "@/server/services/webhooks/internal/address-guard";
import { WebhookAddressError, checkWebhookUrl } from "@/server/services/webhooks/internal/address-guard";
import { instanceAddressPolicy } from "@/server/services/webhooks/internal/address-policy";
import { ONLY_ADMINS } from "@/server/services/webhooks/internal/find-webhook-for-manager";
import { newWebhookSecret, sealWebhookSecret } from "@/server/services/webhooks/internal/webhook-secret";

/**
 * Registers an endpoint for some event types; admins and owners (docs/product.md "Webhooks").
 * The address is checked now (https, and public addresses unless the instance allows private
 * ones) and again at every attempt. The secret is returned once.
 * @throws AppError not_found | forbidden | validation_failed (the address) | conflict (too many webhooks)
 */
export async function createWebhook(ctx: ServiceContext, input: CreateWebhookData, policy: AddressPolicy = instanceAddressPolicy()): Promise<WebhookCreatedDto> {
  const workspace = await findWorkspaceForMember(ctx, { id: input.workspaceId });
  authorize(workspaceAbilities(workspace.role).manageWebhooks, ONLY_ADMINS);
  let url: URL;
  try {
    url = await checkWebhookUrl(input.url, policy);
  } catch (error) {
    if (!(error instanceof WebhookAddressError)) throw error;
    throw validationError({ url: error.message }, error.message);
  }
  const secret = newWebhookSecret();
  const row = await ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(webhooks).where(eq(webhooks.workspaceId, workspace.id));
    if ((existing?.n ?? 0) >= MAX_WEBHOOKS_PER_WORKSPACE) {
      throw new AppError("conflict", `A workspace has at most ${MAX_WEBHOOKS_PER_WORKSPACE} webhooks; delete one first.`);
    }
    const [inserted] = await tx
      .insert(webhooks)
      .values({ workspaceId: workspace.id, url: url.href, description: input.description, events: input.events, secret: await sealWebhookSecret(secret), createdBy: ctx.actor.id })
      .returning();
    if (!inserted) throw new Error("insert returned no row");
    await recordAuditEvent(
      { ...ctx, db: tx },
      { workspaceId: workspace.id, kind: "webhook.created", target: { id: inserted.id, label: inserted.url }, details: { events: inserted.events.join(" ") } },
    );
    return inserted;
  });
  return { ...presentWebhook({ ...row, lastStatus: null, lastResponseStatus: null, lastAt: null }), secret };
}
