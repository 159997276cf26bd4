"use client";

import type Quill from "quill";
import Link from "next/link";
import { useEffect, useRef, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ToolbarSkeleton } from "@/components/toolbar-skeleton";
import { getTemplateBodyAction, updateTemplateAction } from "@/server/actions/template-actions";
import { reachServer } from "@/lib/reach-server";
import { registerFocusReturn } from "@/lib/return-focus";
import { useLeaveGuard } from "@/lib/use-leave-guard";
import type { TemplateBodyDto, TemplateDto } from "@/shared/schemas/template";
import { TemplateConflictNotice, type KeptVersion } from "./template-conflict-notice";
import "quill/dist/quill.snow.css";
import "katex/dist/katex.min.css";
import "highlight.js/styles/github.css";
import "@/components/document-content.css";
import "@/editor/editor.css";
import "@/editor/slash-menu.css";

/**
 * Settings → Templates → a template (docs/product.md "Templates"): the document editor's own
 * Quill configuration (createEditor: toolbar, shortcuts, "/" menu, formats), without Yjs — a
 * template is saved as a whole delta with "Save", which the server sanitises as it does every
 * document body. New images can't be uploaded here (an upload belongs to a document); images a
 * template was saved with stay.
 *
 * The editor is made once from `initial` (the page keys it by template): the page's later
 * renders (a save revalidates it) never replace what is on screen. A save names the body version
 * it was edited from; when someone else saved meanwhile the server refuses it, and the person
 * chooses between their version and the other one without losing either
 * (TemplateConflictNotice). Leaving with unsaved work asks first (useLeaveGuard).
 */
export function TemplateEditor({ slug, template, initial }: { slug: string; template: TemplateDto; initial: TemplateBodyDto }) {
  const mountRef = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  const initialRef = useRef(initial);
  /** The stored body's version this editor's text was edited from: what the next save names. */
  const versionRef = useRef(initial.version);
  /** Edits since the editor opened: a save is "all saved" only if none came after its text was read. */
  const editsRef = useRef(0);
  const [isReady, setIsReady] = useState(false);
  const [isDirty, setIsDirty] = useState(false);
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [kept, setKept] = useState<KeptVersion | null>(null);
  const [isPending, startTransition] = useTransition();
  const guard = useLeaveGuard(isDirty || kept !== null);

  useEffect(() => {
    const mount = mountRef.current;
    if (!mount) return;
    let isCancelled = false;
    let stopFocusReturn = () => {};
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
      quill.setContents(initialRef.current.body.ops, "silent");
      quill.history.clear();
      quill.on("text-change", () => {
        editsRef.current += 1;
        setIsDirty(true);
        setMessage(null);
      });
      quillRef.current = quill;
      // A question asked over the text ("Leave without saving?" on Back, the Ctrl+K palette) gives
      // the caret back where it was, as the document editor does; focusing the root alone puts it at the start.
      stopFocusReturn = registerFocusReturn(quill.root, () => quill.focus(), () => quill.selection.update("silent"));
      setIsReady(true);
      fitEditorToolbar(quill);
      quill.enable(true);
    })();
    return () => {
      isCancelled = true;
      stopFocusReturn();
      quillRef.current = null;
      mount.replaceChildren();
    };
  }, []);

  /** Saves the editor's text over the body `baseVersion`; `focusEditor` once done, when the button pressed is gone. */
  const save = (baseVersion: string, focusEditor = false) => {
    const quill = quillRef.current;
    if (!quill) return;
    // Read now: typing goes on while the save is on its way, and that text is not in this save.
    const editsSent = editsRef.current;
    const body = { ops: quill.getContents().ops };
    startTransition(async () => {
      // The ops only: a Delta is a class instance, which a server action's arguments can't carry.
      const result = await reachServer(() => updateTemplateAction({ templateId: template.id, body, baseVersion }));
      if (!result.ok) {
        if (result.code === "conflict") return setConflict(result.message);
        return setMessage({ text: result.message, isError: true });
      }
      versionRef.current = result.data.version;
      setConflict(null);
      if (focusEditor) quill.focus();
      const isAllSaved = editsRef.current === editsSent;
      setIsDirty(!isAllSaved);
      setMessage({
        text: isAllSaved ? `Saved the template “${result.data.name}”.` : `Saved the template “${result.data.name}” as it was when you pressed Save. What you typed since isn't saved yet.`,
        isError: false,
      });
    });
  };

  /** The body someone else saved, for either answer to a conflict; null (and the reason shown) without one. */
  const fetchTheirs = async (): Promise<TemplateBodyDto | null> => {
    const result = await reachServer(() => getTemplateBodyAction({ templateId: template.id }));
    if (result.ok) return result.data;
    setMessage({ text: result.message, isError: true });
    return null;
  };

  const loadTheirs = () => {
    startTransition(async () => {
      const theirs = await fetchTheirs();
      const quill = quillRef.current;
      if (!theirs || !quill) return;
      setKept({ ops: quill.getContents().ops, text: quill.getText() });
      quill.setContents(theirs.body.ops, "silent");
      quill.history.clear();
      versionRef.current = theirs.version;
      editsRef.current += 1;
      setConflict(null);
      setIsDirty(false);
      setMessage({ text: "This is the version saved by someone else. Yours is kept below until you leave the page.", isError: false });
    });
  };

  const saveMineOverTheirs = () => {
    startTransition(async () => {
      const theirs = await fetchTheirs();
      if (theirs) save(theirs.version, true);
    });
  };

  const putMineBack = () => {
    const quill = quillRef.current;
    if (!quill || !kept) return;
    // A person's edit like any other: it marks the template unsaved, and Ctrl/⌘+Z brings theirs back.
    quill.setContents(kept.ops, "user");
    setKept(null);
    quill.focus();
  };

  return (
    <section aria-labelledby="template-editor-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        {/* A phone gives the heading its own row, rather than squeezing it beside the link and button. */}
        <div className="min-w-0 basis-full sm:flex-1 sm:basis-0">
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
        <Button onClick={() => save(versionRef.current)} disabled={!isReady || isPending}>
          {isPending ? "Saving…" : "Save template"}
        </Button>
      </div>
      <p role="status" aria-live="polite" className={`min-h-5 text-sm ${message?.isError ? "text-danger" : message ? "text-success" : "text-muted"}`}>
        {message?.text ?? (isDirty ? "Unsaved changes" : "")}
      </p>
      <TemplateConflictNotice
        conflict={conflict}
        kept={kept}
        isBusy={isPending}
        onLoadTheirs={loadTheirs}
        onSaveMine={saveMineOverTheirs}
        onPutMineBack={putMineBack}
        onDiscardMine={() => {
          setKept(null);
          quillRef.current?.focus();
        }}
      />
      <div className="document-editor" data-testid="template-editor">
        {isReady ? null : <ToolbarSkeleton />}
        <div ref={mountRef} hidden={!isReady} />
      </div>
      <ConfirmDialog
        open={guard.isAsking}
        title="Leave without saving?"
        description={`Your changes to the template “${template.name}” aren't saved. If you leave, they are lost.`}
        confirmLabel="Leave without saving"
        onConfirm={guard.leave}
        onCancel={guard.stay}
      />
    </section>
  );
}
