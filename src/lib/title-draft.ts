/**
 * A document title typed on this device and not yet saved, kept in localStorage until the server
 * has it: a reload, a closed tab or a lost connection doesn't lose it. `base` is the saved title
 * it was typed over, so a later load can tell whether someone renamed the document meanwhile.
 */
export interface TitleDraft {
  title: string;
  base: string;
}

const keyOf = (documentId: string) => `quire:title-draft:${documentId}`;

export function keepTitleDraft(documentId: string, draft: TitleDraft): void {
  try {
    localStorage.setItem(keyOf(documentId), JSON.stringify(draft));
  } catch {
    // Storage full or refused (private mode): the page's own saves still run.
  }
}

export function readTitleDraft(documentId: string): TitleDraft | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(keyOf(documentId)) ?? "null") as Partial<TitleDraft> | null;
    return typeof parsed?.title === "string" && typeof parsed.base === "string" ? { title: parsed.title, base: parsed.base } : null;
  } catch {
    return null;
  }
}

export function forgetTitleDraft(documentId: string): void {
  try {
    localStorage.removeItem(keyOf(documentId));
  } catch {
    // As above.
  }
}

/**
 * Sends a title as the page goes away (pagehide): a server action can't outlive the page, a
 * keepalive request can. The session cookie rides along, and the API accepts it for writes from
 * this site's pages (docs/api.md "Authentication: API tokens").
 */
export function sendTitleOnLeave(documentId: string, title: string): void {
  void fetch(`/api/v1/documents/${encodeURIComponent(documentId)}`, {
    method: "PATCH",
    keepalive: true,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ title }),
  }).catch(() => {
    // Offline: the draft stays on the device, and the next load saves it.
  });
}
