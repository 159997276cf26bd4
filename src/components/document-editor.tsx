"use client";

import type { HocuspocusProvider } from "@hocuspocus/provider";
import type Quill from "quill";
import { useEffect, useRef, useState } from "react";
import { BODY_YTEXT } from "@/shared/editor-rules";
import { collabDocumentName } from "@/shared/collab/document-name";
import "quill/dist/quill.snow.css";
import "katex/dist/katex.min.css";
import "highlight.js/styles/github.css";
import "quill-cursors/css";
import "@/editor/editor.css";

export interface DocumentEditorProps {
  documentId: string;
  /** The body as the server rendered it: shown at once, until the live editor has synced. */
  initialHtml: string;
  isReadOnly: boolean;
  user: { name: string; color: string };
  onProvider: (provider: HocuspocusProvider | null) => void;
  onImages: (quill: Quill, files: File[], index: number) => void;
}

/**
 * The live editor: Quill bound to the document's Y.Text over /collab. It renders the
 * server's HTML in the editor's own markup first, and swaps to Quill once synced, so
 * the text neither flashes nor jumps. Quill and Yjs load only in the browser, inside
 * the effect (importing Quill on the server throws).
 */
export function DocumentEditor({ documentId, initialHtml, isReadOnly, user, onProvider, onImages }: DocumentEditorProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [isReady, setIsReady] = useState(false);
  // Latest callbacks without re-running the effect (which would rebuild the editor).
  const callbacks = useRef({ onProvider, onImages });
  useEffect(() => {
    callbacks.current = { onProvider, onImages };
  });

  useEffect(() => {
    const mount = mountRef.current;
    if (!mount) return;
    let isCancelled = false;
    const cleanups: Array<() => void> = [];

    void (async () => {
      const [{ HocuspocusProvider }, Y, { createEditor }, { bindYjs }] = await Promise.all([
        import("@hocuspocus/provider"),
        import("yjs"),
        import("@/editor/create-editor"),
        import("@/editor/bind-yjs"),
      ]);
      if (isCancelled) return;
      const doc = new Y.Doc();
      const scheme = window.location.protocol === "https:" ? "wss" : "ws";
      const provider = new HocuspocusProvider({
        url: `${scheme}://${window.location.host}/collab`,
        name: collabDocumentName(documentId),
        document: doc,
        token: "session", // the session cookie authenticates; Hocuspocus needs a token to send its auth message
      });
      cleanups.push(() => provider.destroy(), () => doc.destroy());
      provider.setAwarenessField("user", user);
      callbacks.current.onProvider(provider);

      const host = document.createElement("div");
      mount.replaceChildren(host);
      const [quill] = await Promise.all([
        createEditor(host, {
          readOnly: isReadOnly,
          placeholder: isReadOnly ? "" : "Start writing…",
          onImages: (files, index) => callbacks.current.onImages(quill, files, index),
        }),
        // Bind only once synced: y-quill then loads the whole body with one setContents
        // (linear), where an update arriving after binding goes through updateContents,
        // which is quadratic in the number of lines (measured in docs/benchmarks.md).
        provider.isSynced ? Promise.resolve() : new Promise<void>((resolve) => provider.on("synced", () => resolve())),
      ]);
      if (isCancelled) return;
      cleanups.push(await bindYjs(quill, doc.getText(BODY_YTEXT), provider.awareness));
      if (isCancelled) return;
      setIsReady(true);
      if (!isReadOnly) quill.enable(true);
    })();

    return () => {
      isCancelled = true;
      callbacks.current.onProvider(null);
      for (const cleanup of cleanups.splice(0).reverse()) cleanup();
      mount.replaceChildren();
    };
  }, [documentId, isReadOnly, user]);

  return (
    <div className="document-editor">
      {isReady ? null : (
        <div className="ql-toolbar-placeholder" aria-hidden="true">
          {/* Keeps the toolbar's height so the text does not move when Quill arrives. */}
        </div>
      )}
      {isReady ? null : (
        <div className="ql-container ql-snow" aria-busy="true">
          <div className="ql-editor" dangerouslySetInnerHTML={{ __html: initialHtml }} />
        </div>
      )}
      <div ref={mountRef} hidden={!isReady} data-testid="editor-mount" />
    </div>
  );
}
