"use client";

import { useActionState, useRef } from "react";
import { Field } from "@/components/ui/field";
import { FormMessage } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { renameWorkspaceAction } from "@/server/actions/workspace-actions";
import type { WorkspaceDto } from "@/shared/dto";
import type { FormState } from "@/shared/form-state";
import { useFocusFirstError } from "@/lib/use-focus-first-error";

/** The workspace's name (owners can rename it) and address. */
export function GeneralSettings({ workspace }: { workspace: WorkspaceDto }) {
  const [state, formAction] = useActionState(renameWorkspaceAction, {} as FormState);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, state);
  const canRename = workspace.abilities.rename;
  return (
    <section aria-labelledby="general-heading" className="flex flex-col gap-4">
      <h2 id="general-heading" className="sr-only">
        General
      </h2>
      <form ref={formRef} action={formAction} className="flex max-w-md flex-col gap-4" noValidate>
        <input type="hidden" name="workspaceId" value={workspace.id} />
        <Field
          name="name"
          label="Workspace name"
          required
          maxLength={80}
          defaultValue={state.values?.name ?? workspace.name}
          readOnly={!canRename}
          error={state.fields?.name}
          hint={canRename ? undefined : "Only owners can rename the workspace."}
        />
        <Field name="slug" label="Address" value={`/w/${workspace.slug}`} readOnly disabled hint="The address can't be changed yet." />
        <FormMessage error={state.message} success={state.success} />
        {canRename ? (
          <div>
            <SubmitButton pendingLabel="Saving…">Save</SubmitButton>
          </div>
        ) : null}
      </form>
    </section>
  );
}
