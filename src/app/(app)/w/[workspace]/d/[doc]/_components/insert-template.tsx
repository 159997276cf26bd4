"use client";

import Delta from "quill-delta";
import type { RefObject } from "react";
import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import type { EditorHandle } from "@/components/document-editor";
import { browserTimeZone } from "@/components/template-picker/template-events";
import { TemplatePickerDialog } from "@/components/template-picker/template-picker-dialog";
import { INSERT_TEMPLATE_EVENT } from "@/editor/slash-items";
import type { TrackedRange } from "@/editor/tracked-range";
import { trackRange } from "@/editor/tracked-range";
import { fillTemplateAction } from "@/server/actions/template-actions";
import { reachServer } from "@/lib/reach-server";

/**
 * Templates inside a document (docs/product.md "Templates"): "Start from a template" under an
 * empty body, and the "/" menu's "Template". Either opens the picker; the choice is filled by the
 * server (placeholders for this document and person) and inserted at the caret as this person's
 * own edit, so it syncs, undoes and is stored like typing. The caret's place is followed from the
 * moment the picker opens until the filled template lands (editor/tracked-range.ts): a
 * co-editor typing above meanwhile, while the picker is open or the server fills it, moves it along.
 */
export function InsertTemplate({ workspaceId, workspaceSlug, documentId, editor, canEdit }: { workspaceId: string; workspaceSlug: string; documentId: string; editor: EditorHandle | null; canEdit: boolean }) {
  const [isOpen, setIsOpen] = useState(false);
  const [isEmpty, setIsEmpty] = useState(false);
  /** Where the template goes: the caret when the picker opened, followed through the edits since. */
  const placeRef = useRef<TrackedRange | null>(null);

  useEffect(() => {
    if (!editor) return;
    const { quill } = editor;
    // Per keystroke: a body of more than one line is not empty, which the DOM says without
    // Quill summing every line's length.
    const checkEmpty = () => setIsEmpty(quill.root.childElementCount <= 1 && quill.getLength() <= 1);
    const handleSlash = (event: Event) => {
      followPlace(placeRef, quill, (event as CustomEvent<{ index: number }>).detail.index);
      setIsOpen(true);
    };
    checkEmpty();
    quill.on("text-change", checkEmpty);
    quill.root.addEventListener(INSERT_TEMPLATE_EVENT, handleSlash);
    return () => {
      quill.off("text-change", checkEmpty);
      quill.root.removeEventListener(INSERT_TEMPLATE_EVENT, handleSlash);
      placeRef.current?.release();
      placeRef.current = null;
    };
  }, [editor]);

  if (!editor || !canEdit) return null;
  // The place stays followed after closing: a pick the server is still filling lands there.
  const close = () => {
    setIsOpen(false);
    editor.quill.focus();
  };

  return (
    <>
      {/* Just under the empty body's "Start writing…", not below its 60vh of room to write: in the
          editor's container (positioned), after the body, so the tab order stays body → this. */}
      {isEmpty
        ? createPortal(
            <p className="pointer-events-none absolute inset-x-0 top-16 mx-auto w-full max-w-(--document-measure) text-sm text-muted">
              <button
                type="button"
                className="pointer-events-auto font-medium text-accent underline-offset-2 hover:underline"
                onClick={() => {
                  followPlace(placeRef, editor.quill, 0);
                  setIsOpen(true);
                }}
              >
                Start from a template
              </button>
            </p>,
            editor.quill.container,
          )
        : null}
      <TemplatePickerDialog
        open={isOpen}
        workspaceId={workspaceId}
        workspaceSlug={workspaceSlug}
        title="Insert a template"
        description="Its text goes where the caret is; {{date}}, {{time}}, {{author}} and {{title}} are filled in."
        busyLabel="Inserting the template…"
        onClose={close}
        onPick={async (template) => {
          const place = placeRef.current;
          const result = await reachServer(() => fillTemplateAction({ templateId: template.id, documentId, timeZone: browserTimeZone() }));
          if (!result.ok) return result.message;
          const { quill } = editor;
          // Read now, not when the picker opened: what others typed meanwhile moved the place.
          const at = Math.min(place?.get().index ?? 0, quill.getLength() - 1);
          place?.release();
          if (placeRef.current === place) placeRef.current = null;
          const filled = new Delta(result.data.ops);
          // The menu and the empty body both leave an empty line at the caret: the template's own
          // last line (its format included) takes that line's place instead of adding a blank one.
          const replacesEmptyLine = quill.getText(at, 1) === "\n" && (at === 0 || quill.getText(at - 1, 1) === "\n");
          const change = new Delta().retain(at).concat(filled);
          quill.updateContents(replacesEmptyLine ? change.delete(1) : change, "user");
          setIsOpen(false);
          quill.focus();
          quill.setSelection(at + filled.length() - 1, 0, "user");
          return null;
        }}
      />
    </>
  );
}

/** Follows the caret's place `index` in `ref` from now on, letting go of the one followed before. */
function followPlace(ref: RefObject<TrackedRange | null>, quill: EditorHandle["quill"], index: number): void {
  ref.current?.release();
  ref.current = trackRange(quill, { index, length: 0 });
}
