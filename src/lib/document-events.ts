/** Told by the title field when a document's title was saved; the sidebar tree listens. */
export const DOCUMENT_RENAMED = "quire:document-renamed";

export interface DocumentRenamedDetail {
  id: string;
  title: string;
}

/** Announces a saved title to the rest of the page. */
export function announceRename(detail: DocumentRenamedDetail): void {
  window.dispatchEvent(new CustomEvent<DocumentRenamedDetail>(DOCUMENT_RENAMED, { detail }));
}

/** Asked by the editor's "…" → "Move to…": the sidebar's tree opens its "Move to…" dialog for the document. */
export const MOVE_DOCUMENT = "quire:move-document";

export interface MoveDocumentDetail {
  id: string;
  /** A selector for what takes focus when the dialog closes (the menu's button: its item is gone). */
  returnFocusTo: string;
}

/** Asks the sidebar's tree to open "Move to…" for a document; false when no tree in the page answered. */
export function requestMove(detail: MoveDocumentDetail): boolean {
  const event = new CustomEvent<MoveDocumentDetail>(MOVE_DOCUMENT, { detail, cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}
