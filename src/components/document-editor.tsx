"use client";

import type { HocuspocusProvider } from "@hocuspocus/provider";
import type Quill from "quill";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type * as Y from "yjs";
import { bodyAria } from "@/editor/body-label";
import type { UnsavedChanges } from "@/editor/connection/unsaved-changes";
import { EarlyTyping } from "@/editor/early-typing";
import { claimKeptTyping } from "@/editor/early-typing-claim";
import { earlyTypingKey, keepTypingOnHide } from "@/editor/early-typing-keep";
import { registerFocusReturn } from "@/lib/return-focus";
import type { InitialBody } from "@/lib/server-rendered-body";
import { BODY_KEY_ATTRIBUTE, initialBodyHtml, isComposingBeforeHydration } from "@/lib/server-rendered-body";
import type { Arrival } from "@/lib/typing-handoff";
import { ToolbarSkeleton } from "@/components/toolbar-skeleton";
import { BODY_YTEXT } from "@/shared/editor-rules";
import "quill/dist/quill.snow.css";
import "katex/dist/katex.min.css";
import "highlight.js/styles/github.css";
import "quill-cursors/css";
import "@/components/document-content.css";
import "@/editor/editor.css";
import "@/editor/slash-menu.css";
import "@/editor/tables/table-tools.css";

/** The live editor, once it shows the document: what presence and following need. */
export interface EditorHandle {
  quill: Quill;
  doc: Y.Doc;
  body: Y.Text;
  provider: HocuspocusProvider;
  /** Drops this device's copy of the document (access lost). */
  forgetDeviceCopy(): Promise<void>;
}

export interface DocumentEditorProps {
  documentId: string;
  /** The body as the server rendered it: shown at once, until the live editor has loaded. */
  initialBody: InitialBody;
  /** Changing it rebuilds the editor (toolbar, connection, device copy). */
  canEdit: boolean;
  /** Access ended while open: stop editing and syncing, keep the text on screen. */
  isFrozen: boolean;
  user: { id: string; name: string; color: string };
  onProvider: (provider: HocuspocusProvider | null) => void;
  onEditor: (editor: EditorHandle | null) => void;
  /**
   * A read-only editor's changes kept on this device that the server lacks (typed while the
   * person could edit, never saved), or null: the page offers them instead of losing them.
   */
  onUnsaved: (unsaved: UnsavedChanges | null) => void;
  onImages: (quill: Quill, files: File[], index: number) => void;
  /** How the document opened: whether the body takes focus, and text typed for it before the page showed. */
  arrival: Arrival | null;
  /** The "@" picker's documents come from this workspace (editors only; members: components/mention-members.tsx). */
  mentions?: { workspaceId: string };
}

/**
 * The live editor: Quill bound to the document's Y.Text over /collab, with a copy kept on
 * the device for offline work. It renders the server's HTML in the editor's own markup
 * first, and swaps to Quill once the body is loaded, so the text neither flashes nor
 * jumps. Quill and Yjs load only in the browser, inside the effect (importing Quill on the
 * server throws). Until then that HTML takes typing (EarlyTyping), which the live editor
 * replays where it was typed, caret included, once it is bound to the document.
 */
export function DocumentEditor({ documentId, initialBody, canEdit, isFrozen, user, onProvider, onEditor, onUnsaved, onImages, arrival, mentions }: DocumentEditorProps) {
  const mentionWorkspaceId = mentions?.workspaceId ?? null;
  const mountRef = useRef<HTMLDivElement>(null);
  const placeholderRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<EditorHandle | null>(null);
  const earlyTypingRef = useRef<EarlyTyping | null>(null);
  // The state of the editor being replaced when access changes, with changes the server may not have.
  const carriedRef = useRef<{ documentId: string; userId: string; state: Uint8Array } | null>(null);
  // This page's entry among the early typing kept at unload: the inline script's (the body's key) on a page load.
  const [pageId] = useState(() => ("key" in initialBody ? initialBody.key : crypto.randomUUID()));
  const [isReady, setIsReady] = useState(false);
  // The HTML shown until Quill is live is kept while it shows: a refresh of the page's data must
  // not replace markup someone is typing into (React resets it when the string changes).
  const [placeholderHtml, setPlaceholderHtml] = useState(() => initialBodyHtml(documentId, initialBody));
  const refreshedHtml = "html" in initialBody ? initialBody.html : null;
  if (isReady && refreshedHtml !== null && placeholderHtml !== refreshedHtml) setPlaceholderHtml(refreshedHtml);
  const isPlaceholderEditable = canEdit && !isFrozen;
  // Latest callbacks without re-running the effect (which would rebuild the editor).
  const callbacks = useRef({ onProvider, onEditor, onUnsaved, onImages });
  // And the placeholder's markup: an earlier page's kept typing made on the same is rebuilt from it.
  const placeholderHtmlRef = useRef(placeholderHtml);
  useEffect(() => {
    callbacks.current = { onProvider, onEditor, onUnsaved, onImages };
    placeholderHtmlRef.current = placeholderHtml;
  });

  useEffect(() => {
    const mount = mountRef.current;
    if (!mount) return;
    let isCancelled = false;
    const cleanups: Array<() => void> = [];
    /** Runs `cleanup` with the others on unmount, or at once when unmounted already. */
    const own = (cleanup: () => void) => (isCancelled ? cleanup() : void cleanups.push(cleanup));

    const carried = carriedRef.current?.documentId === documentId && carriedRef.current.userId === user.id ? carriedRef.current.state : null;
    carriedRef.current = null;

    void (async () => {
      const [{ connectDocument }, { createEditor, fitEditorToolbar }, { bindYjs }, { replayTyping }, { Delta }, Y] = await Promise.all([
        import("@/editor/connection/connect-document"),
        import("@/editor/create-editor"),
        import("@/editor/bind-yjs"),
        import("@/editor/replay-typing"),
        import("quill"),
        import("yjs"),
      ]);
      if (isCancelled) return;
      const connection = await connectDocument(documentId, user.id, { keepDeviceCopy: canEdit, carried });
      own(() => connection.destroy());
      // Rebuilt for another access (or left): changes the server has not acknowledged go to the next
      // editor of this document, which sends them or, if it can't edit, keeps and offers them.
      own(() => {
        if (connection.provider.hasUnsyncedChanges) carriedRef.current = { documentId, userId: user.id, state: Y.encodeStateAsUpdate(connection.doc) };
      });
      if (isCancelled) return;
      void connection.unsaved.then((unsaved) => {
        if (!isCancelled) callbacks.current.onUnsaved(unsaved);
      });
      connection.provider.setAwarenessField("user", { id: user.id, name: user.name, color: user.color });
      callbacks.current.onProvider(connection.provider);

      const host = document.createElement("div");
      mount.replaceChildren(host);
      const [quill] = await Promise.all([
        createEditor(host, {
          readOnly: !canEdit,
          placeholder: canEdit ? "Start writing…" : "",
          templates: true,
          ...(mentionWorkspaceId ? { mentions: { workspaceId: mentionWorkspaceId } } : {}),
          onImages: (files, index) => callbacks.current.onImages(quill, files, index),
        }),
        // Bind only once loaded: y-quill then loads the whole body with one setContents
        // (linear in lines; a long line's runs go in blot by blot, bindYjs), where an update
        // arriving after binding goes through updateContents, which is quadratic in the number
        // of lines (measured in docs/benchmarks.md).
        connection.whenLoaded,
      ]);
      if (isCancelled) return;
      const body = connection.doc.getText(BODY_YTEXT);
      own(await bindYjs(quill, body, connection.provider.awareness, { Delta }));
      if (isCancelled) return;
      // What earlier pages of this document kept, claimed so that another tab doesn't replay it too.
      const kept = canEdit ? await claimKeptTyping(earlyTypingKey(user.id, documentId), pageId) : null;
      if (kept) own(kept.release);
      if (isCancelled) return;
      await earlyTypingRef.current?.whenIdle();
      if (isCancelled) return;
      // From here to the swap nothing waits, so no key can fall between the two bodies.
      // First what an earlier page of this document took and kept when it went away before its
      // swap (a reload), then this page's own: each lands on top of what the document holds by then.
      for (const typing of kept?.typings(placeholderHtmlRef.current) ?? []) replayTyping(quill, Delta, typing);
      const typed = canEdit ? (earlyTypingRef.current?.take() ?? null) : null;
      const caret = typed ? replayTyping(quill, Delta, typed) : null;
      // It is all in the document now, which keeps itself (device copy, unload guard).
      kept?.forget();
      kept?.release();
      const handle: EditorHandle = {
        quill,
        doc: connection.doc,
        body,
        provider: connection.provider,
        forgetDeviceCopy: connection.forgetDeviceCopy,
      };
      editorRef.current = handle;
      callbacks.current.onEditor(handle);
      // A dialog opened from the text (Ctrl+K) gives back Quill's own selection, kept through the
      // edits that arrived meanwhile; focusing its root alone puts the caret at the start. Quill
      // reads a moved caret a moment after the browser's selectionchange, and a key pressed at once
      // (Ctrl+K right after an arrow key) can come first: the caret is read again as the dialog opens.
      own(registerFocusReturn(quill.root, () => quill.focus(), () => quill.selection.update("silent")));
      flushSync(() => setIsReady(true)); // Quill's root is shown now, so it can take the caret
      fitEditorToolbar(quill); // before the next frame: the body below never sits under an unfitted toolbar
      if (canEdit) quill.enable(true);
      if (typed?.hadFocus) quill.setSelection(caret ?? 0, 0, "user");
    })();

    return () => {
      isCancelled = true;
      editorRef.current = null;
      callbacks.current.onEditor(null);
      callbacks.current.onProvider(null);
      callbacks.current.onUnsaved(null);
      for (const cleanup of cleanups.splice(0).reverse()) cleanup();
      mount.replaceChildren();
      setIsReady(false);
    };
  }, [documentId, canEdit, user.id, user.name, user.color, mentionWorkspaceId, pageId]);

  useLayoutEffect(() => {
    const root = placeholderRef.current;
    if (isReady || !isPlaceholderEditable || !root) return;
    const typing = new EarlyTyping(root, placeholderHtml, { isComposing: isComposingBeforeHydration(initialBody) });
    earlyTypingRef.current = typing;
    // Until the swap, what is typed here is kept if the page goes away (editor/early-typing-keep.ts).
    const stopKeeping = keepTypingOnHide(root, placeholderHtml, earlyTypingKey(user.id, documentId), pageId);
    return () => {
      stopKeeping();
      typing.destroy();
      earlyTypingRef.current = null;
    };
    // initialBody is read once, for the composition under way at hydration: later renders never need it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isReady, isPlaceholderEditable, placeholderHtml, user.id, documentId, pageId]);

  useLayoutEffect(() => {
    const typing = earlyTypingRef.current;
    if (!arrival || !typing) return;
    if (arrival.focus === "body") typing.focusWith(arrival.body);
    else if (arrival.body) typing.typeAtStart(arrival.body);
  }, [arrival]);

  useEffect(() => {
    if (!isFrozen || !isReady) return;
    const editor = editorRef.current;
    editor?.quill.enable(false);
    editor?.provider.configuration.websocketProvider.disconnect();
  }, [isFrozen, isReady]);

  return (
    <div className="document-editor">
      {isReady ? null : <ToolbarSkeleton />}
      {isReady ? null : (
        // Busy only when it can't be typed into: a screen reader may skip a busy region's content.
        <div className="ql-container ql-snow" aria-busy={isPlaceholderEditable ? undefined : true}>
          <div
            ref={placeholderRef}
            className="ql-editor"
            data-testid="editor-placeholder"
            {...("key" in initialBody ? { [BODY_KEY_ATTRIBUTE]: initialBody.key } : {})}
            contentEditable={isPlaceholderEditable}
            // Rendered by the server only (React focuses no div itself): a page loaded by its address has the caret in
            // the body from the first paint, before any script; in-app navigation places it through `arrival`.
            autoFocus={isPlaceholderEditable}
            {...bodyAria(!isPlaceholderEditable)}
            dangerouslySetInnerHTML={{ __html: placeholderHtml }}
          />
        </div>
      )}
      <div ref={mountRef} hidden={!isReady} data-testid="editor-mount" />
    </div>
  );
}
