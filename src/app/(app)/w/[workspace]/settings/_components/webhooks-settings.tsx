"use client";

import { EmptyList } from "@/components/ui/empty-list";
import { RowActionNotice } from "@/components/ui/row-action-notice";
import { ShownOnce } from "@/components/ui/shown-once";
import { useRowActions } from "@/lib/use-row-actions";
import Link from "next/link";
import { useActionState, useRef, useState } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { CopyField } from "@/components/ui/copy-field";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { FormMessage } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { LocalTime } from "@/components/time/local-time";
import { useFocusFirstError } from "@/lib/use-focus-first-error";
import type { CreateWebhookFormState } from "@/server/actions/webhook-actions";
import { createWebhookAction, deleteWebhookAction } from "@/server/actions/webhook-actions";
import { reachForm } from "@/lib/reach-server";
import type { WebhookCreatedDto, WebhookDto } from "@/shared/schemas/webhook";
import { MAX_WEBHOOK_DESCRIPTION_CHARS, MAX_WEBHOOK_URL_CHARS } from "@/shared/schemas/webhook";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from "@/shared/webhook-events";
import { DELIVERY_STATUS_LABELS } from "./webhook-delivery-status";

const EVENT_CHOICES = WEBHOOK_EVENT_TYPES.map((type) => ({
  value: type,
  label: (
    <>
      {WEBHOOK_EVENT_LABELS[type]} <code className="text-xs text-muted">{type}</code>
    </>
  ),
}));

/** Settings → Webhooks: the workspace's endpoints, for admins and owners (docs/product.md "Webhooks"). */
export function WebhooksSettings({ workspaceId, slug, webhooks }: { workspaceId: string; slug: string; webhooks: WebhookDto[] }) {
  return (
    <div className="flex flex-col gap-8">
      <CreateWebhookForm workspaceId={workspaceId} />
      <WebhookList slug={slug} webhooks={webhooks} />
    </div>
  );
}

function CreateWebhookForm({ workspaceId }: { workspaceId: string }) {
  const [state, formAction] = useActionState(reachForm(createWebhookAction), {} as CreateWebhookFormState);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, state);
  return (
    <section aria-labelledby="new-webhook-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="new-webhook-heading" className="text-lg font-medium">
          Add a webhook
        </h2>
        <p className="text-sm text-muted">
          Quire POSTs a signed JSON message (Standard Webhooks) to your endpoint when the chosen events happen, and retries for 24 hours
          until it answers with a 2xx.
        </p>
      </div>
      <form ref={formRef} action={formAction} className="flex flex-col gap-4" noValidate>
        <input type="hidden" name="workspaceId" value={workspaceId} />
        {/* Remounts after each answer: a success clears the fields, an error shows them again. */}
        <div key={JSON.stringify(state)} className="flex flex-col gap-4">
          <Field
            name="url"
            label="Endpoint address"
            type="url"
            inputMode="url"
            autoComplete="off"
            required
            placeholder="https://example.com/hooks/quire"
            maxLength={MAX_WEBHOOK_URL_CHARS}
            defaultValue={state.created ? "" : state.values?.url}
            error={state.fields?.url}
            hint="https only, on a public address."
          />
          <Field
            name="description"
            label="Description (optional)"
            autoComplete="off"
            maxLength={MAX_WEBHOOK_DESCRIPTION_CHARS}
            defaultValue={state.created ? "" : state.values?.description}
            error={state.fields?.description}
          />
          <ChoiceGroup
            id="webhook-events"
            type="checkbox"
            name="events"
            legend="Events"
            choices={EVENT_CHOICES}
            defaultValue={state.created ? [] : (state.events ?? [])}
            error={state.fields?.events}
            layout="columns"
          />
        </div>
        <div>
          <SubmitButton pendingLabel="Adding…">Add webhook</SubmitButton>
        </div>
      </form>
      <FormMessage error={state.message} />
      {state.created ? <CreatedWebhook key={state.created.id} created={state.created} /> : null}
    </section>
  );
}

function CreatedWebhook({ created }: { created: WebhookCreatedDto }) {
  return (
    <ShownOnce>
      <p className="text-sm">
        The webhook for <span className="break-all font-medium">{created.url}</span> is added. <strong>Copy its signing secret now: it is shown only once.</strong>
      </p>
      <CopyField value={created.secret} label="Signing secret" isLabelVisible noun="secret" hint="Verify each delivery's webhook-signature with it (any Standard Webhooks library)." />
    </ShownOnce>
  );
}

function WebhookList({ slug, webhooks }: { slug: string; webhooks: WebhookDto[] }) {
  const { isPending, notice, run } = useRowActions();
  const [confirming, setConfirming] = useState<WebhookDto | null>(null);

  const remove = (webhook: WebhookDto) => {
    setConfirming(null);
    run(() => deleteWebhookAction({ webhookId: webhook.id }), () => `Deleted the webhook for ${webhook.url}.`);
  };

  return (
    <section aria-labelledby="webhooks-heading" className="flex flex-col gap-3">
      <h2 id="webhooks-heading" className="text-lg font-medium">
        Webhooks
      </h2>
      <RowActionNotice notice={notice} />
      {webhooks.length === 0 ? (
        <EmptyList>This workspace has no webhooks.</EmptyList>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border" aria-busy={isPending}>
          {webhooks.map((webhook) => (
            <li key={webhook.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-webhook-id={webhook.id}>
              {/* At least 16rem for it: below that the buttons wrap under it rather than squeeze it (a phone, a narrow column). */}
              <div className="min-w-0 flex-[1_1_16rem]">
                <p className="break-all text-sm font-medium">{webhook.url}</p>
                <p className="text-xs text-muted">
                  {webhook.description ? `${webhook.description} · ` : ""}
                  {webhook.events.length === 1 ? webhook.events[0] : `${webhook.events.length} events`} · added <LocalTime value={webhook.createdAt} style="date" /> ·{" "}
                  {webhook.lastDelivery ? (
                    <>
                      last delivery {DELIVERY_STATUS_LABELS[webhook.lastDelivery.status].toLowerCase()}
                      {webhook.lastDelivery.responseStatus !== null ? ` (${webhook.lastDelivery.responseStatus})` : ""}
                    </>
                  ) : (
                    "no deliveries yet"
                  )}
                </p>
              </div>
              <Link href={`/w/${slug}/settings/webhooks/${webhook.id}`} className={buttonClass("secondary")}>
                Deliveries<span className="sr-only"> of {webhook.url}</span>
              </Link>
              <Button variant="ghost-danger" disabled={isPending} onClick={() => setConfirming(webhook)} aria-label={`Delete the webhook for ${webhook.url}`}>
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title="Delete this webhook?"
        description={`${confirming?.url ?? ""} will receive nothing more, and deliveries still waiting are dropped. This can't be undone.`}
        confirmLabel="Delete webhook"
        onConfirm={() => confirming && remove(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
