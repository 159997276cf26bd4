/**
 * A document title typed on this device and not yet saved, kept in localStorage until the server
 * has it: a reload, a closed tab or a lost connection doesn't lose it. `base` is the saved title
 * it was typed over, so a later load can tell whether someone renamed the document meanwhile.
 *
 * Drafts are the typing person's, beside their device copy (`quire:<user>:<doc>:title`): another
 * person signed in on the same browser never reads, saves or sees one, and signing out sends
 * them first and deletes them with the person's device copies (components/app-shell/use-sign-out.ts).
 */
export interface TitleDraft {
  title: string;
  base: string;
}

const TITLE_SUFFIX = ":title";

/** The localStorage entry of `userId`'s unsaved title of a document (beside the device copy's, editor/connection). */
export function titleDraftKey(userId: string, documentId: string): string {
  return `quire:${userId}:${documentId}${TITLE_SUFFIX}`;
}

/**
 * Where drafts were kept before they were per person: such an entry names no one, so it is never
 * saved (it may be someone else's title): it is dropped when its document opens, and at sign-out.
 */
export const UNOWNED_TITLE_DRAFT_PREFIX = "quire:title-draft:";

export function keepTitleDraft(userId: string, documentId: string, draft: TitleDraft): void {
  try {
    localStorage.setItem(titleDraftKey(userId, documentId), JSON.stringify(draft));
  } catch {
    // Storage full or refused (private mode): the page's own saves still run.
  }
}

/** `userId`'s draft of the document's title; an unowned one of the document (above) is removed, never returned. */
export function readTitleDraft(userId: string, documentId: string): TitleDraft | null {
  try {
    localStorage.removeItem(`${UNOWNED_TITLE_DRAFT_PREFIX}${documentId}`);
    const parsed = JSON.parse(localStorage.getItem(titleDraftKey(userId, documentId)) ?? "null") as Partial<TitleDraft> | null;
    return typeof parsed?.title === "string" && typeof parsed.base === "string" ? { title: parsed.title, base: parsed.base } : null;
  } catch {
    return null;
  }
}

export function forgetTitleDraft(userId: string, documentId: string): void {
  try {
    localStorage.removeItem(titleDraftKey(userId, documentId));
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

/** Set on the title field once the page's own code runs it (TitleField): the inline script below then stands down. */
export const TITLE_LIVE_ATTRIBUTE = "data-live";

/**
 * The inline script that keeps a title typed before the page's scripts have run: the field is
 * server-rendered and typable from the first paint, but until hydration nothing of TitleField
 * listens, and a tab closed or reloaded in that window lost the title. When the page is hidden it
 * writes the draft above (saved by the next load), and when the page goes away it also sends the
 * title as sendTitleOnLeave does. Once TitleField runs (the field carries TITLE_LIVE_ATTRIBUTE),
 * it does nothing: the field's own saving has the title, whatever was typed before included.
 */
export function titleKeepScript(userId: string, documentId: string): string {
  // Inside a <script>: no "<" may close it.
  const json = (value: string) => JSON.stringify(value).replaceAll("<", "\\u003c");
  return (
    `(function(){var K=${json(titleDraftKey(userId, documentId))},U=${json(`/api/v1/documents/${encodeURIComponent(documentId)}`)};` +
    `function T(){var t=document.getElementById("document-title");` +
    `return t&&!t.readOnly&&!t.hasAttribute(${json(TITLE_LIVE_ATTRIBUTE)})&&t.value!==t.defaultValue?t:null}` +
    `function D(t){try{localStorage.setItem(K,JSON.stringify({title:t.value,base:t.defaultValue}))}catch(z){}}` +
    `document.addEventListener("visibilitychange",function(){var t=document.visibilityState==="hidden"&&T();t&&D(t)});` +
    `addEventListener("pagehide",function(){var t=T();if(!t)return;D(t);` +
    `try{fetch(U,{method:"PATCH",keepalive:true,headers:{"content-type":"application/json"},body:JSON.stringify({title:t.value})}).catch(function(){})}catch(z){}})` +
    `})()`
  );
}
