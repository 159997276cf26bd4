"use client";

import type Quill from "quill";
import Link from "next/link";
import { useEffect, useRef, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { ToolbarSkeleton } from "@/components/toolbar-skeleton";
import { updateTemplateAction } from "@/server/actions/template-actions";
import { reachServer } from "@/lib/reach-server";
import type { TemplateDto } from "@/shared/schemas/template";
import type { FilledDelta } from "@/shared/template-placeholders";
import "quill/dist/quill.snow.css";
import "katex/dist/katex.min.css";
import "highlight.js/styles/github.css";
import "@/components/document-content.css";
import "@/editor/editor.css";
import "@/editor/slash-menu.css";

/**
 * Settings → Templates → a template (docs/product.md "Templates"): the document editor's own
 * Quill configuration (createEditor: toolbar, shortcuts, "/" menu, formats), without Yjs — a
 * template has one author at a time and is saved as a whole delta with "Save", which the server
 * sanitises as it does every document body. New images can't be uploaded here (an upload
 * belongs to a document); images a template was saved with stay.
 */
export function TemplateEditor({ slug, template, body }: { slug: string; template: TemplateDto; body: FilledDelta }) {
  const mountRef = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  const [isReady, setIsReady] = useState(false);
  const [isDirty, setIsDirty] = useState(false);
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);
  const [isPending, startTransition] = useTransition();

  useEffect(() => {
    const mount = mountRef.current;
    if (!mount) return;
    let isCancelled = false;
    void (async () => {
      const { createEditor, fitEditorToolbar } = await import("@/editor/create-editor");
      if (isCancelled) return;
      const host = document.createElement("div");
      mount.replaceChildren(host);
      const quill = await createEditor(host, {
        readOnly: false,
        placeholder: "Write the template…",
        onImages: () => setMessage({ text: "Images can't be uploaded into a template. Add them to a document and save it as a template instead.", isError: true }),
      });
      if (isCancelled) return;
      quill.setContents(body.ops, "silent");
      quill.history.clear();
      quill.on("text-change", () => {
        setIsDirty(true);
        setMessage(null);
      });
      quillRef.current = quill;
      setIsReady(true);
      fitEditorToolbar(quill);
      quill.enable(true);
    })();
    return () => {
      isCancelled = true;
      quillRef.current = null;
      mount.replaceChildren();
    };
  }, [body]);

  const save = () => {
    const quill = quillRef.current;
    if (!quill) return;
    startTransition(async () => {
      // The ops only: a Delta is a class instance, which a server action's arguments can't carry.
      const result = await reachServer(() => updateTemplateAction({ templateId: template.id, body: { ops: quill.getContents().ops } }));
      if (!result.ok) return setMessage({ text: result.message, isError: true });
      setIsDirty(false);
      setMessage({ text: `Saved the template “${result.data.name}”.`, isError: false });
    });
  };

  return (
    <section aria-labelledby="template-editor-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <h2 id="template-editor-heading" className="break-words text-lg font-medium">
            {template.name}
          </h2>
          <p className="text-sm text-muted">
            {"{{date}}"}, {"{{time}}"}, {"{{author}}"} and {"{{title}}"} are filled in when a document is made from this template.
          </p>
        </div>
        <Link href={`/w/${slug}/settings/templates`} className="text-sm text-accent underline underline-offset-2">
          All templates
        </Link>
        <Button onClick={save} disabled={!isReady || isPending}>
          {isPending ? "Saving…" : "Save template"}
        </Button>
      </div>
      <p role="status" aria-live="polite" className={`min-h-5 text-sm ${message?.isError ? "text-danger" : message ? "text-success" : "text-muted"}`}>
        {message?.text ?? (isDirty ? "Unsaved changes" : "")}
      </p>
      <div className="document-editor" data-testid="template-editor">
        {isReady ? null : <ToolbarSkeleton />}
        <div ref={mountRef} hidden={!isReady} />
      </div>
    </section>
  );
}
