const PREFIX = "doc:";

/** The Hocuspocus document name of a Quire document. */
export function collabDocumentName(documentId: string): string {
  return `${PREFIX}${documentId}`;
}

/** The document id in a Hocuspocus document name, or null for a name that isn't ours. */
export function documentIdFromCollabName(name: string): string | null {
  if (!name.startsWith(PREFIX)) return null;
  const id = name.slice(PREFIX.length);
  return /^[a-z0-9]{12}$/.test(id) ? id : null;
}
