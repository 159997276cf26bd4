"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/form-message";
import { WorkspaceFields } from "@/components/workspace-fields";
import { apiErrorFields, apiErrorMessage, postFormWithProgress } from "@/lib/post-form-with-progress";
import type { WorkspaceDto } from "@/shared/dto";

interface ImportResult {
  workspace: { id: string; slug: string; name: string; url: string };
  counts: { documents: number; files: number; revisions: number; comments: number; templates: number };
}

interface ImportErrors {
  message?: string;
  file?: string;
  name?: string;
  slug?: string;
}

type Phase = { kind: "idle" } | { kind: "uploading"; percent: number } | { kind: "importing" } | { kind: "done"; result: ImportResult };

/**
 * Settings → Import and export: download the workspace as an archive, and import an archive
 * into a new workspace or (while it has no documents) into this one, with upload progress.
 */
export function ImportExportSettings({ workspace, isEmpty }: { workspace: WorkspaceDto; isEmpty: boolean }) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [target, setTarget] = useState<"new" | "this">("new");
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [errors, setErrors] = useState<ImportErrors>({});
  const [values, setValues] = useState<{ name?: string; slug?: string }>({});
  const isBusy = phase.kind === "uploading" || phase.kind === "importing";

  async function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (target === "this") {
      form.delete("name");
      form.delete("slug");
      form.set("workspace", workspace.id);
    }
    setValues({ name: String(form.get("name") ?? ""), slug: String(form.get("slug") ?? "") });
    setErrors({});
    setPhase({ kind: "uploading", percent: 0 });
    const answer = await postFormWithProgress("/api/v1/workspaces/import", form, (progress) =>
      setPhase(progress.phase === "processing" ? { kind: "importing" } : { kind: "uploading", percent: progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0 }),
    );
    if (answer.kind === "unreachable") {
      setPhase({ kind: "idle" });
      setErrors({ message: "The upload failed: check your connection and try again. Nothing was imported." });
      return;
    }
    if (answer.status === 201) {
      setPhase({ kind: "done", result: answer.body as ImportResult }); // the documented 201 body
      formRef.current?.reset();
      setValues({});
      setTarget("new"); // after an import into this workspace it is no longer empty
      router.refresh();
      return;
    }
    const fields = apiErrorFields(answer.body);
    setPhase({ kind: "idle" });
    setErrors({
      file: fields.file,
      name: fields.name,
      slug: fields.slug,
      message: apiErrorMessage(answer.body) ?? `The import failed (HTTP ${answer.status}). Nothing was imported.`,
    });
  }

  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="export-heading" className="flex flex-col gap-3">
        <h2 id="export-heading" className="text-lg font-semibold">
          Export workspace
        </h2>
        <p className="text-sm text-muted">
          Downloads every document (trashed ones too) with its place in the tree, its images, its version history and its
          comments, and the workspace&rsquo;s templates, as one .zip archive. Members, share links, favourites and
          notifications are not included.
        </p>
        <div>
          <a href={`/api/v1/workspaces/${workspace.id}/export`} download className={buttonClass("secondary")}>
            Export workspace
          </a>
        </div>
      </section>

      <section aria-labelledby="import-heading" className="flex flex-col gap-3">
        <h2 id="import-heading" className="text-lg font-semibold">
          Import workspace
        </h2>
        <p className="text-sm text-muted">Imports an archive made by “Export workspace” (at most 50 MB). Documents get new addresses; comments and
          versions keep their authors where they are members here (matched by email).</p>
        <form ref={formRef} onSubmit={handleSubmit} className="flex max-w-md flex-col gap-4" noValidate aria-busy={isBusy}>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="import-file" className="text-sm font-medium">
              Archive
            </label>
            <input
              id="import-file"
              name="file"
              type="file"
              accept=".zip,application/zip"
              required
              aria-invalid={errors.file ? true : undefined}
              aria-describedby={errors.file ? "import-file-error" : undefined}
              className="text-sm file:mr-3 file:min-h-10 file:rounded-md file:border file:border-border file:bg-raised file:px-3 file:text-fg"
            />
            {errors.file ? (
              <p id="import-file-error" className="text-sm text-danger" role="alert">
                {errors.file}
              </p>
            ) : null}
          </div>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1.5 text-sm font-medium">Import into</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="target" value="new" checked={target === "new"} onChange={() => setTarget("new")} />A new workspace
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="target" value="this" checked={target === "this"} disabled={!isEmpty} onChange={() => setTarget("this")} />
              This workspace{isEmpty ? "" : " (only while it has no documents)"}
            </label>
          </fieldset>
          {target === "new" ? (
            <WorkspaceFields key={JSON.stringify(values)} defaults={values} errors={{ name: errors.name, slug: errors.slug }} />
          ) : null}
          {phase.kind === "uploading" ? (
            <div className="flex flex-col gap-1">
              <label htmlFor="import-progress" className="text-sm">
                Uploading… {phase.percent}%
              </label>
              <progress id="import-progress" max={100} value={phase.percent} className="h-2 w-full accent-accent" />
            </div>
          ) : null}
          {phase.kind === "importing" ? (
            <p className="text-sm" role="status">
              Uploaded. Importing documents…
            </p>
          ) : null}
          {phase.kind === "done" ? (
            <p className="rounded-md border border-border bg-surface p-3 text-sm" role="status">
              Imported {importedParts(phase.result.counts)} into{" "}
              <Link href={phase.result.workspace.url} className="font-medium underline">
                {phase.result.workspace.name}
              </Link>
              .
            </p>
          ) : null}
          <FormMessage error={errors.message} />
          <div>
            <Button type="submit" disabled={isBusy}>
              {isBusy ? "Importing…" : "Import workspace"}
            </Button>
          </div>
        </form>
      </section>
    </div>
  );
}

/** "3 documents, 1 image, 4 revisions and 2 comments": templates only when the archive had some. */
function importedParts(counts: ImportResult["counts"]): string {
  const parts = [plural(counts.documents, "document"), plural(counts.files, "image"), plural(counts.revisions, "revision"), plural(counts.comments, "comment")];
  if (counts.templates > 0) parts.push(plural(counts.templates, "template"));
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

function plural(count: number, word: string): string {
  return `${count.toLocaleString("en")} ${word}${count === 1 ? "" : "s"}`;
}
