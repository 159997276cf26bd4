"use client";

import { EmptyList } from "@/components/ui/empty-list";
import { RowActionNotice } from "@/components/ui/row-action-notice";
import { ShownOnce } from "@/components/ui/shown-once";
import { useRowActions } from "@/lib/use-row-actions";
import { useActionState, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { CopyField } from "@/components/ui/copy-field";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { FormMessage } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { useFocusFirstError } from "@/lib/use-focus-first-error";
import type { CreateApiTokenFormState } from "@/server/actions/api-token-actions";
import { createApiTokenAction, revokeApiTokenAction } from "@/server/actions/api-token-actions";
import { reachForm } from "@/lib/reach-server";
import type { ApiTokenCreatedDto, ApiTokenDto, TokenStatus } from "@/shared/api-tokens";
import { MAX_TOKEN_NAME_CHARS } from "@/shared/schemas/api-token";
import { LocalTime } from "@/components/time/local-time";
import { formatTime } from "@/shared/format-time";

const STATUS_LABELS: Record<TokenStatus, string> = { active: "Active", expired: "Expired", revoked: "Revoked" };
const SCOPE_CHOICES = [
  { value: "read", label: "Read" },
  { value: "write", label: "Write" },
];

/** Settings → API tokens: the signed-in person's own tokens for this workspace (docs/product.md "Screens"). */
export function ApiTokensSettings({ workspaceId, tokens }: { workspaceId: string; tokens: ApiTokenDto[] }) {
  return (
    <div className="flex flex-col gap-8">
      <CreateTokenForm workspaceId={workspaceId} />
      <TokenList tokens={tokens} />
    </div>
  );
}

function CreateTokenForm({ workspaceId }: { workspaceId: string }) {
  const [state, formAction] = useActionState(reachForm(createApiTokenAction), {} as CreateApiTokenFormState);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, state);
  return (
    <section aria-labelledby="new-token-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="new-token-heading" className="text-lg font-medium">
          New API token
        </h2>
        <p className="text-sm text-muted">
          A token lets a script use the API as you, in this workspace only. <em>Read</em> can read and search;{" "}
          <em>write</em> can also create, change and trash documents and upload images, as far as your role allows.
        </p>
      </div>
      <form ref={formRef} action={formAction} className="@container flex flex-col gap-4" noValidate>
        <input type="hidden" name="workspaceId" value={workspaceId} />
        {/* Remounts after each answer: a success clears the fields, an error shows them again.
            Side by side only when the form's own column has room for the three (not the window's:
            beside the sidebar, a 768 px window leaves it about 450 px). */}
        <div key={JSON.stringify(state)} className="flex flex-col gap-4 @2xl:flex-row @2xl:items-start">
          <Field
            className="@2xl:min-w-0 @2xl:flex-1"
            name="name"
            label="Name"
            autoComplete="off"
            required
            maxLength={MAX_TOKEN_NAME_CHARS}
            defaultValue={state.created ? "" : state.values?.name}
            error={state.fields?.name}
            hint="What it is for, e.g. “Backup script”."
          />
          <ChoiceGroup
            id="token-scope"
            type="radio"
            name="scope"
            legend="Scope"
            choices={SCOPE_CHOICES}
            defaultValue={[state.values?.scope ?? "read"]}
            error={state.fields?.scope}
            layout="inline"
          />
          <Field
            name="expiresOn"
            label="Expires after (optional)"
            type="date"
            defaultValue={state.created ? "" : state.values?.expiresOn}
            error={state.fields?.expiresOn}
            hint="Empty: never expires."
          />
        </div>
        <div>
          <SubmitButton pendingLabel="Creating…">Create token</SubmitButton>
        </div>
      </form>
      <FormMessage error={state.message} />
      {state.created ? <CreatedToken key={state.created.apiToken.id} created={state.created} /> : null}
    </section>
  );
}

function CreatedToken({ created }: { created: ApiTokenCreatedDto }) {
  return (
    <ShownOnce>
      <p className="text-sm">
        <span className="font-medium">{created.apiToken.name}</span> ({created.apiToken.scope}) is ready.{" "}
        <strong>Copy it now: it is shown only once</strong>, and anyone who has it can act as you in this workspace.
      </p>
      <CopyField value={created.token} label="API token" noun="token" hint="Send it as Authorization: Bearer <token>. See the API documentation." />
    </ShownOnce>
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A token stops working at the start of the day after its last day (UTC): show the day chosen,
 * a calendar day rather than a moment, so in UTC whatever the reader's zone.
 */
function expiryText(token: ApiTokenDto): string {
  const expiresAt = new Date(token.expiresAt ?? 0);
  if (token.status === "expired") return `expired ${formatTime(expiresAt.toISOString(), "date", "UTC")}`;
  return `works until ${formatTime(new Date(expiresAt.getTime() - DAY_MS).toISOString(), "date", "UTC")}`;
}

function TokenList({ tokens }: { tokens: ApiTokenDto[] }) {
  const { isPending, notice, run } = useRowActions();
  const [confirming, setConfirming] = useState<ApiTokenDto | null>(null);

  const revoke = (token: ApiTokenDto) => {
    setConfirming(null);
    run(() => revokeApiTokenAction({ tokenId: token.id }), () => `Revoked "${token.name}". It no longer works.`);
  };

  return (
    <section aria-labelledby="tokens-heading" className="flex flex-col gap-3">
      <h2 id="tokens-heading" className="text-lg font-medium">
        Your tokens
      </h2>
      <RowActionNotice notice={notice} />
      {tokens.length === 0 ? (
        <EmptyList>You have no API tokens in this workspace.</EmptyList>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border" aria-busy={isPending}>
          {tokens.map((token) => (
            <li key={token.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-token-id={token.id}>
              {/* At least 16rem for it: below that the buttons wrap under it rather than squeeze it (a phone, a narrow column). */}
              <div className="min-w-0 flex-[1_1_16rem]">
                <p className="truncate text-sm font-medium" title={token.name}>
                  {token.name} <span className="font-mono text-xs text-muted">{token.prefix}…</span>
                </p>
                <p className="text-xs text-muted">
                  {token.scope === "read" ? "Read" : "Write"} · {STATUS_LABELS[token.status]} · created <LocalTime value={token.createdAt} style="date" /> · {token.lastUsedAt ? <>last used <LocalTime value={token.lastUsedAt} style="date" /></> : "never used"}
                  {token.expiresAt ? ` · ${expiryText(token)}` : ""}
                </p>
              </div>
              {token.status !== "revoked" ? (
                <Button variant="ghost-danger" disabled={isPending} onClick={() => setConfirming(token)} aria-label={`Revoke the token ${token.name}`}>
                  Revoke
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title="Revoke this token?"
        description={`Anything using "${confirming?.name ?? ""}" stops working at once. This can't be undone.`}
        confirmLabel="Revoke token"
        onConfirm={() => confirming && revoke(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
