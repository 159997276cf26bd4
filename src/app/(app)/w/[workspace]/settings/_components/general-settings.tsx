"use client";

import { useActionState, useRef } from "react";
import { Field } from "@/components/ui/field";
import { FormMessage } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { updateWorkspaceAction } from "@/server/actions/workspace-actions";
import { reachForm } from "@/lib/reach-server";
import { WorkspaceFields } from "@/components/workspace-fields";
import type { WorkspaceDto } from "@/shared/dto";
import type { FormState } from "@/shared/form-state";
import { useFocusFirstError } from "@/lib/use-focus-first-error";

/** The workspace's name and address: owners change them (an old address keeps redirecting), others read them. */
export function GeneralSettings({ workspace, hasMoved }: { workspace: WorkspaceDto; hasMoved: boolean }) {
  const [state, formAction] = useActionState(reachForm(updateWorkspaceAction), {} as FormState);
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
        {canRename ? (
          <WorkspaceFields
            defaults={{ name: state.values?.name ?? workspace.name, slug: state.values?.slug ?? workspace.slug }}
            errors={state.fields}
            currentSlug={workspace.slug}
          />
        ) : (
          <>
            <Field name="name" label="Workspace name" value={workspace.name} readOnly hint="Only owners can rename the workspace." />
            <Field name="slug" label="Workspace address" value={`/w/${workspace.slug}`} readOnly hint="Only owners can change the address." />
          </>
        )}
        <FormMessage error={state.message} success={state.success ?? (hasMoved ? "Saved. The workspace has a new address; the old one redirects here." : undefined)} />
        {canRename ? (
          <div>
            <SubmitButton pendingLabel="Saving…">Save</SubmitButton>
          </div>
        ) : null}
      </form>
    </section>
  );
}
