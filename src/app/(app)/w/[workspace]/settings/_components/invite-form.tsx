"use client";

import { ShownOnce } from "@/components/ui/shown-once";
import { useActionState, useId, useRef } from "react";
import { CopyField } from "@/components/ui/copy-field";
import { Field } from "@/components/ui/field";
import { FormMessage } from "@/components/ui/form-message";
import { SubmitButton } from "@/components/ui/submit-button";
import { useFocusFirstError } from "@/lib/use-focus-first-error";
import type { InviteFormState } from "@/server/actions/member-actions";
import { inviteMemberAction } from "@/server/actions/member-actions";
import { reachForm } from "@/lib/reach-server";
import type { InvitationCreatedDto } from "@/shared/dto";
import { INVITATION_TTL_DAYS } from "@/shared/invitations";
import type { Role } from "@/shared/roles";
import { ROLE_LABELS, roleWithArticle } from "@/shared/roles";

/** Invite by email with a role (the roles this person may give); then the link to copy. */
export function InviteForm({ workspaceId, roles }: { workspaceId: string; roles: Role[] }) {
  const [state, formAction] = useActionState(reachForm(inviteMemberAction), {} as InviteFormState);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, state);
  const defaultRole = state.values?.role ?? (roles.includes("editor") ? "editor" : roles[0]);
  return (
    <section aria-labelledby="invite-heading" className="flex flex-col gap-4">
      <h2 id="invite-heading" className="text-lg font-medium">
        Invite people
      </h2>
      <form ref={formRef} action={formAction} className="flex flex-col gap-4 sm:flex-row sm:items-start" noValidate>
        <input type="hidden" name="workspaceId" value={workspaceId} />
        {/* Remounts after each answer: a success clears the address, an error shows it again. */}
        <Field
          key={`email-${JSON.stringify(state)}`}
          className="sm:flex-1"
          name="email"
          label="Email address"
          type="email"
          autoComplete="off"
          required
          maxLength={254}
          defaultValue={state.created ? "" : state.values?.email}
          error={state.fields?.email}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="invite-role" className="text-sm font-medium">
            Role
          </label>
          <select
            key={`role-${JSON.stringify(state)}`}
            id="invite-role"
            name="role"
            defaultValue={defaultRole}
            aria-invalid={state.fields?.role ? true : undefined}
            className="min-h-10 rounded-md border border-input-border bg-raised px-2 text-base text-fg sm:text-sm"
          >
            {roles.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
          {state.fields?.role ? (
            <p className="text-sm text-danger" role="alert">
              {state.fields.role}
            </p>
          ) : null}
        </div>
        <div className="sm:pt-7">
          <SubmitButton pendingLabel="Inviting…">Invite</SubmitButton>
        </div>
      </form>
      <FormMessage error={state.message} />
      {state.created ? <CreatedInvitation key={state.created.link} created={state.created} /> : null}
    </section>
  );
}

const EMAIL_NOTES: Record<InvitationCreatedDto["emailStatus"], string> = {
  sent: "We emailed them this link. You can also send it yourself:",
  not_configured: "Email isn't set up on this server, so send them this link yourself:",
  failed: "The email could not be sent. Send them this link yourself:",
};

function CreatedInvitation({ created }: { created: InvitationCreatedDto }) {
  const noteId = useId();
  return (
    <ShownOnce>
      {/* Said once as the panel appears; tied to the field for whoever comes back to it to copy the link. */}
      <p id={noteId} className="text-sm">
        <span className="font-medium">{created.email}</span> is invited as {roleWithArticle(created.role)}.{" "}
        {EMAIL_NOTES[created.emailStatus]}
      </p>
      <CopyField
        value={created.link}
        label="Invitation link"
        noun="link"
        describedBy={noteId}
        hint={`It works for ${INVITATION_TTL_DAYS} days, for whoever signs in or signs up as ${created.email}. It is shown only now; "New link" in the pending list makes another.`}
      />
    </ShownOnce>
  );
}
