"use client";

import { useActionState, useRef } from "react";
import { FormMessage } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { WorkspaceFields } from "@/components/workspace-fields";
import { createWorkspaceAction } from "@/server/actions/workspace-actions";
import { reachForm } from "@/lib/reach-server";
import type { FormState } from "@/shared/form-state";
import { useFocusFirstError } from "@/lib/use-focus-first-error";

export function NewWorkspaceForm() {
  const [state, formAction] = useActionState(reachForm(createWorkspaceAction), {} as FormState);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, state);
  return (
    <form ref={formRef} action={formAction} className="mt-6 flex flex-col gap-4" noValidate>
      {/* Remounts with the submitted values after an error, so nothing typed is lost. */}
      <WorkspaceFields
        key={JSON.stringify(state.values ?? {})}
        defaults={{ name: state.values?.name, slug: state.values?.slug }}
        errors={{ name: state.fields?.name, slug: state.fields?.slug }}
      />
      <FormMessage error={state.message} />
      <SubmitButton pendingLabel="Creating…">Create workspace</SubmitButton>
    </form>
  );
}
