"use client";

import { useActionState, useRef, useState } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Field } from "@/components/ui/field";
import { FormMessage } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { useFocusFirstError } from "@/lib/use-focus-first-error";
import { updateProfileAction } from "@/server/actions/profile-actions";
import { reachForm } from "@/lib/reach-server";
import { AVATAR_PALETTE } from "@/shared/avatar-colors";
import type { ActorDto } from "@/shared/dto";
import type { FormState } from "@/shared/form-state";
import { AvatarColorPicker } from "./avatar-color-picker";

/** Name and avatar colour, with the avatar as others will see it. */
export function ProfileForm({ actor }: { actor: ActorDto }) {
  const [state, formAction] = useActionState(reachForm(updateProfileAction), {} as FormState);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, state);
  const savedName = state.values?.name ?? actor.name;
  const savedColor = state.values?.color ?? actor.color;
  // What the preview shows while choosing; the inputs themselves stay uncontrolled, so the
  // form's reset after saving lands on the saved values (their defaults). They are not keyed on
  // those values: a new input in the focused one's place would drop the focus to the page.
  const [preview, setPreview] = useState({ name: savedName, color: savedColor });
  const [lastSaved, setLastSaved] = useState(state);
  if (lastSaved !== state) {
    setLastSaved(state);
    setPreview({ name: savedName, color: savedColor });
  }
  const known = AVATAR_PALETTE.some((color) => color.value === savedColor);
  return (
    <section aria-labelledby="profile-heading" className="rounded-xl border border-border bg-raised p-5 shadow-sm sm:p-6">
      <h2 id="profile-heading" className="text-lg font-semibold">
        Name and colour
      </h2>
      <div className="mt-3 flex min-w-0 items-center gap-3" data-testid="avatar-preview">
        <Avatar name={preview.name} color={preview.color} size={40} />
        <span className="min-w-0 truncate text-sm font-medium">{preview.name.trim() || "Your name"}</span>
      </div>
      <form
        ref={formRef}
        action={formAction}
        noValidate
        className="mt-4 flex flex-col gap-4"
        onChange={(event) => {
          const form = event.currentTarget;
          const data = new FormData(form);
          setPreview({ name: String(data.get("name") ?? ""), color: String(data.get("color") ?? savedColor) });
        }}
      >
        <Field
          name="name"
          label="Name"
          autoComplete="name"
          required
          maxLength={80}
          defaultValue={savedName}
          error={state.fields?.name}
          hint="Shown to the people in your workspaces, beside your edits and comments."
        />
        <AvatarColorPicker defaultValue={known ? savedColor : undefined} error={state.fields?.color} />
        <FormMessage error={state.message} success={state.success} />
        <div>
          <SubmitButton pendingLabel="Saving…">Save</SubmitButton>
        </div>
      </form>
    </section>
  );
}
