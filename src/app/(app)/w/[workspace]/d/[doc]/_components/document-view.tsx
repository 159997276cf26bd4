"use client";

import type { HocuspocusProvider } from "@hocuspocus/provider";
import Link from "next/link";
import type Quill from "quill";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { EditorHandle } from "@/components/document-editor";
import type { UnsavedChanges } from "@/editor/connection/unsaved-changes";
import { DocumentEditor } from "@/components/document-editor";
import { CommentsButton, CommentsPanel } from "@/components/comments/comments-panel";
import { useDocumentComments } from "@/components/comments/use-document-comments";
import { InsertTemplate } from "./insert-template";
import { COLLAB_STATUS_LABEL } from "@/editor/connection/use-collab-status";
import { keepPageForOffline } from "@/editor/connection/offline-pages";
import { CHANGES_LEFT_BEHIND_TEXT, REFUSED_CHANGE_LEFT_BEHIND_TEXT, useCollabNotice } from "@/editor/connection/use-collab-notice";
import { usePresence } from "@/editor/connection/use-presence";
import type { InitialBody } from "@/lib/server-rendered-body";
import type { Arrival } from "@/lib/typing-handoff";
import { arriveAtDocument } from "@/lib/typing-handoff";
import { postImage } from "@/lib/post-image";
import { imageSlot } from "@/editor/image-slot";
import { MAX_UPLOAD_BYTES } from "@/shared/editor-rules";
import { CollabNoticeBar } from "./collab-notice-bar";
import { DocumentMenu } from "./document-menu";
import { DocumentOutline } from "./document-outline";
import { FavoriteButton } from "./favorite-button";
import { PresenceAvatars } from "./presence-avatars";
import { OfflineBanner, SaveStatus } from "./save-status";
import { TitleField } from "./title-field";
import { UnsavedChangesNotice } from "./unsaved-changes-notice";
import type { Upload } from "./upload-list";
import { UploadList } from "./upload-list";
import type { MentionMember } from "@/editor/mention-names";
import { MentionMembersProvider } from "@/components/mention-members";

export interface DocumentViewProps {
  workspaceId: string;
  workspaceSlug: string;
  /**
   * The `[doc]` segment the page was loaded with. Links under the document use it even after a
   * rename: a new segment would make Next render a new page (and a second editor) instead of
   * opening the share dialog over this one.
   */
  segment: string;
  document: { id: string; title: string; isFavorite: boolean; isFollowing: boolean };
  abilities: { update: boolean; comment: boolean; trash: boolean; export: boolean; saveVersion: boolean };
  /** For the export items: whether the document has live children, and whether the server prints PDFs. */
  exportOptions: { hasChildren: boolean; canPrintPdf: boolean };
  initialBody: InitialBody;
  user: { id: string; name: string; color: string };
  /** The workspace's members: mentions show their current names, and the "@" picker offers them. */
  members: MentionMember[];
}

const READ_ONLY_LABEL = "Read only — your role can't edit this document";

/** The editor page's client side: title, star, save state, menu, the editor and uploads. */
export function DocumentView({ workspaceId, workspaceSlug, segment, document, abilities, exportOptions, initialBody, user, members }: DocumentViewProps) {
  const [provider, setProvider] = useState<HocuspocusProvider | null>(null);
  const [editor, setEditor] = useState<EditorHandle | null>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const [unsaved, setUnsaved] = useState<UnsavedChanges | null>(null);
  const { notice, dismiss: dismissNotice, canEdit: serverCanEdit } = useCollabNotice(provider, abilities.update);
  const collaborators = usePresence(provider, user.id);
  // The server may change what this person can do while the page is open (role changed,
  // removed, document trashed, signed out elsewhere): its word wins over the page's.
  const canEdit = serverCanEdit ?? abilities.update;
  const lostAccess = notice?.kind === "denied" ? (notice.lost ?? "refused") : null;
  const arrival = useArrival(document.id, abilities.update);
  const comments = useDocumentComments({ userId: user.id, documentId: document.id, provider, editor, canComment: abilities.comment && lostAccess === null, canEdit: canEdit && lostAccess === null });
  useEffect(() => {
    if (editor) void keepPageForOffline();
  }, [editor]);
  // Access ended for good (removed while open, or refused at reconnect: removed meanwhile), or the
  // server refused a change, which this device's copy would offer again at every reconnect.
  const refusedUpdate = notice?.kind === "denied" ? notice.refusedUpdate : undefined;
  const isShutOut = lostAccess === "removed" || (notice?.kind === "denied" && notice.refused === "forbidden") || refusedUpdate !== undefined;
  const leftBehind = useChangesLeftBehind(editor, isShutOut, lostAccess === "removed" || refusedUpdate !== undefined);

  const handleImages = useCallback(
    (quill: Quill, files: File[], index: number) => {
      // Each lands where it was picked, followed through what is typed meanwhile, in the order picked.
      const slot = imageSlot(quill, index);
      files.forEach((file, offset) => {
        const key = `${Date.now()}-${offset}-${file.name}`;
        setUploads((list) => [...list, { key, name: file.name, progress: 0 }]);
        const patch = (change: Partial<Upload>) =>
          setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));
        // The server refuses it too (413); saying so at once spares sending 10 MB for nothing.
        const upload =
          file.size > MAX_UPLOAD_BYTES
            ? Promise.reject(new Error("Images can be at most 10 MB."))
            : postImage(file, document.id, (progress) => patch({ progress })).then(({ url }) => url);
        slot
          .place(upload)
          .then(() => setUploads((list) => list.filter((u) => u.key !== key)))
          .catch((error: unknown) => patch({ error: error instanceof Error ? error.message : "The upload failed." }));
      });
    },
    [document.id],
  );

  return (
    <MentionMembersProvider members={members} workspaceId={workspaceId}>
    <article className={`mx-auto flex w-full ${comments.isOpen ? "max-w-6xl" : "max-w-4xl"} flex-col gap-3 px-4 py-6 sm:px-8`}>
      <div className="flex flex-wrap items-center justify-end gap-2 text-sm">
        <SaveStatus ref={statusRef} provider={provider} fixed={lostAccess ? COLLAB_STATUS_LABEL.denied : canEdit ? null : READ_ONLY_LABEL} />
        <PresenceAvatars collaborators={collaborators} editor={editor} />
        <DocumentOutline editor={editor} />
        <CommentsButton comments={comments} />
        <Link
          href={`/w/${workspaceSlug}/d/${segment}/share`}
          data-share-trigger
          className="inline-flex min-h-9 items-center rounded-md border border-border px-3 font-medium hover:bg-surface"
        >
          Share
        </Link>
        <FavoriteButton documentId={document.id} isFavorite={document.isFavorite} />
        <DocumentMenu
          workspaceSlug={workspaceSlug}
          documentId={document.id}
          historyHref={`/w/${workspaceSlug}/d/${segment}/history`}
          canTrash={abilities.trash}
          canMove={canEdit && lostAccess === null}
          canSaveVersion={abilities.saveVersion && canEdit}
          canSaveAsTemplate={abilities.update}
          exportOptions={{ ...exportOptions, printHref: `/w/${workspaceSlug}/d/${segment}/print` }}
          importInto={abilities.update ? document : null}
          isFollowing={document.isFollowing}
        />
      </div>
      {/* At the body's reading width (editor/editor.css), so the title starts where the text does:
          in a column as wide as the body's, beside room for the comments panel while it is open
          beside the text (comments.css, from 1024 px). */}
      <div className="flex gap-6">
        <div className="min-w-0 flex-1">
          <div className="mx-auto w-full max-w-(--document-measure)">
            <TitleField userId={user.id} documentId={document.id} title={document.title} isReadOnly={!canEdit || lostAccess !== null} arrival={arrival} provider={provider} />
          </div>
        </div>
        {comments.isOpen ? <div aria-hidden="true" className="hidden w-80 shrink-0 lg:block" /> : null}
      </div>
      <OfflineBanner provider={provider} canEdit={canEdit && !lostAccess} status={statusRef} />
      {notice ? (
        <CollabNoticeBar
          notice={notice}
          userId={user.id}
          workspaceSlug={workspaceSlug}
          historyHref={`/w/${workspaceSlug}/d/${segment}/history`}
          onDismiss={dismissNotice}
        />
      ) : null}
      {unsaved && lostAccess !== "removed" ? <UnsavedChangesNotice unsaved={unsaved} title={document.title} onDiscarded={() => setUnsaved(null)} /> : null}
      {leftBehind ? (
        <UnsavedChangesNotice unsaved={leftBehind} title={document.title} message={refusedUpdate ? REFUSED_CHANGE_LEFT_BEHIND_TEXT : CHANGES_LEFT_BEHIND_TEXT} />
      ) : null}
      <UploadList
        uploads={uploads}
        onDismiss={(key) => setUploads((list) => list.filter((u) => u.key !== key))}
      />
      <div className="flex items-start gap-6">
        <div className="min-w-0 flex-1">
          <DocumentEditor
            documentId={document.id}
            initialBody={initialBody}
            canEdit={canEdit}
            isFrozen={lostAccess !== null}
            user={user}
            onProvider={setProvider}
            onEditor={setEditor}
            onUnsaved={setUnsaved}
            onImages={handleImages}
            arrival={arrival}
            mentions={{ workspaceId }}
          />
          {/* After the body, so the tab order stays title → toolbar → body. */}
          <InsertTemplate workspaceId={workspaceId} workspaceSlug={workspaceSlug} documentId={document.id} editor={editor} canEdit={canEdit && lostAccess === null} />
        </div>
        <CommentsPanel comments={comments} />
      </div>
    </article>
    </MentionMembersProvider>
  );
}

/**
 * When access ends for good while the open editor holds changes the server never took (typed
 * offline, then removed from the workspace), or the server refused a change: the text as shown,
 * the last copy of them, which the page offers to download; leaving the page then asks first. A
 * member removed while the page was open has the document's copy deleted from the device as
 * before, since the workspace's text must not stay there, and so does a refused change, which the
 * copy would offer again at every reconnect, refused every time (a reload then opens the stored
 * document, editable); a refusal at reconnect keeps it, as it always has.
 */
function useChangesLeftBehind(editor: EditorHandle | null, isShutOut: boolean, forgetsDeviceCopy: boolean): { passages: string[]; text: string } | null {
  const [leftBehind, setLeftBehind] = useState<{ passages: string[]; text: string } | null>(null);
  useEffect(() => {
    if (!editor || !isShutOut) return;
    // Read once as access ends, from the provider (outside React): what it never got sent is now the last copy.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (editor.provider.hasUnsyncedChanges) setLeftBehind({ passages: [], text: editor.body.toString() });
    if (forgetsDeviceCopy) void editor.forgetDeviceCopy();
  }, [isShutOut, forgetsDeviceCopy, editor]);
  useEffect(() => {
    if (!leftBehind) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [leftBehind]);
  return leftBehind;
}

/**
 * Where focus goes as the document opens, and the keys typed for it on the way (lib/typing-handoff):
 * decided once, before the first paint, so the first key after the page shows already lands.
 */
function useArrival(documentId: string, canEdit: boolean): Arrival | null {
  const [arrival, setArrival] = useState<Arrival | null>(null);
  const hasArrived = useRef(false);
  useLayoutEffect(() => {
    const opened = arriveAtDocument(documentId, canEdit);
    // Once: StrictMode runs effects twice in development, and the second finds nothing held.
    if (!hasArrived.current) setArrival(opened.arrival);
    hasArrived.current = true;
    return opened.leave;
  }, [documentId, canEdit]);
  return arrival;
}
