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
