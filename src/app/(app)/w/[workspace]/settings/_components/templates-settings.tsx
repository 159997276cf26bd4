"use client";

import { TemplateFields, useTemplateForm } from "@/components/templates/template-fields";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LocalTime } from "@/components/time/local-time";
import { createTemplateAction, deleteTemplateAction } from "@/server/actions/template-actions";
import { reachServer } from "@/lib/reach-server";
import type { TemplateDto } from "@/shared/schemas/template";
import { RenameTemplateDialog } from "./rename-template-dialog";

/** Settings → Templates (docs/product.md "Templates"): the workspace's templates, for those who can create documents. */
export function TemplatesSettings({ workspaceId, slug, templates }: { workspaceId: string; slug: string; templates: TemplateDto[] }) {
  return (
    <div className="flex flex-col gap-8">
      <CreateTemplateForm workspaceId={workspaceId} slug={slug} />
      <TemplateList slug={slug} templates={templates} />
    </div>
  );
}

function CreateTemplateForm({ workspaceId, slug }: { workspaceId: string; slug: string }) {
  const router = useRouter();
  const { values, errors, isPending, run, fields } = useTemplateForm({ name: "", description: "" });

  const handleSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    run(
      () => createTemplateAction({ workspaceId, ...values }),
      // Straight into the editor: a new template is empty until it is written.
      (template) => router.push(`/w/${slug}/settings/templates/${template.id}`),
    );
  };

  return (
    <section aria-labelledby="new-template-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="new-template-heading" className="text-lg font-medium">
          New template
        </h2>
        <p className="text-sm text-muted">
          Name it here, then write it in the editor. {"{{date}}"}, {"{{time}}"}, {"{{author}}"} and {"{{title}}"} in its text are filled in when a document is made from it. You can also
          save any document as a template from its “…” menu.
        </p>
      </div>
      <form className="flex flex-col gap-4" onSubmit={handleSubmit} noValidate>
        <TemplateFields {...fields} />
        {errors.form ? (
          <p role="alert" className="text-sm text-danger">
            {errors.form}
          </p>
        ) : null}
        <div>
          <Button type="submit" disabled={isPending}>
            {isPending ? "Creating…" : "Create and edit"}
          </Button>
        </div>
      </form>
    </section>
  );
}

function TemplateList({ slug, templates }: { slug: string; templates: TemplateDto[] }) {
  const router = useRouter();
  const [isPending, startTransition] = useTransition();
  const [confirming, setConfirming] = useState<TemplateDto | null>(null);
  const [renaming, setRenaming] = useState<TemplateDto | null>(null);
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);

  const remove = (template: TemplateDto) =>
    startTransition(async () => {
      setConfirming(null);
      const result = await reachServer(() => deleteTemplateAction({ templateId: template.id }));
      if (!result.ok) return setMessage({ text: result.message, isError: true });
      setMessage({ text: `Deleted the template “${template.name}”.`, isError: false });
      router.refresh();
    });

  return (
    <section aria-labelledby="templates-heading" className="flex flex-col gap-3">
      <h2 id="templates-heading" className="text-lg font-medium">
        Templates
      </h2>
      {message ? (
        <p role={message.isError ? "alert" : "status"} className={`text-sm ${message.isError ? "text-danger" : "text-success"}`}>
          {message.text}
        </p>
      ) : null}
      {templates.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted">This workspace has no templates.</p>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border" aria-busy={isPending}>
          {templates.map((template) => (
            <li key={template.id} className="flex flex-wrap items-center gap-3 px-4 py-3" data-template-id={template.id}>
              {/* At least 16rem for it: below that the buttons wrap under it rather than squeeze it (a phone, a narrow column). */}
              <div className="min-w-0 flex-[1_1_16rem]">
                <p className="break-words text-sm font-medium">{template.name}</p>
                {template.description ? <p className="break-words text-sm text-muted">{template.description}</p> : null}
                <p className="text-xs text-muted">
                  {template.builtIn ? "Built in" : template.author ? `By ${template.author.name}` : "By a former member"} · changed <LocalTime value={template.updatedAt} style="date" />
                </p>
              </div>
              {template.abilities.edit ? (
                <>
                  <Link href={`/w/${slug}/settings/templates/${template.id}`} className={buttonClass("secondary")}>
                    Edit<span className="sr-only"> {template.name}</span>
                  </Link>
                  <Button variant="ghost" disabled={isPending} onClick={() => setRenaming(template)} aria-label={`Rename ${template.name}`}>
                    Rename
                  </Button>
                </>
              ) : null}
              {template.abilities.delete ? (
                <Button variant="ghost-danger" disabled={isPending} onClick={() => setConfirming(template)} aria-label={`Delete ${template.name}`}>
                  Delete
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title="Delete this template?"
        description={`“${confirming?.name ?? ""}” will no longer be offered to anyone in this workspace. Documents made from it keep their text. This can't be undone.`}
        confirmLabel="Delete template"
        onConfirm={() => confirming && remove(confirming)}
        onCancel={() => setConfirming(null)}
      />
      <RenameTemplateDialog
        template={renaming}
        onClose={() => setRenaming(null)}
        onRenamed={(name) => {
          setRenaming(null);
          setMessage({ text: `Saved the template “${name}”.`, isError: false });
          router.refresh();
        }}
      />
    </section>
  );
}
