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
export function titleKeepScript(documentId: string): string {
  // Inside a <script>: no "<" may close it.
  const json = (value: string) => JSON.stringify(value).replaceAll("<", "\\u003c");
  return (
    `(function(){var K=${json(keyOf(documentId))},U=${json(`/api/v1/documents/${encodeURIComponent(documentId)}`)};` +
    `function T(){var t=document.getElementById("document-title");` +
    `return t&&!t.readOnly&&!t.hasAttribute(${json(TITLE_LIVE_ATTRIBUTE)})&&t.value!==t.defaultValue?t:null}` +
    `function D(t){try{localStorage.setItem(K,JSON.stringify({title:t.value,base:t.defaultValue}))}catch(z){}}` +
    `document.addEventListener("visibilitychange",function(){var t=document.visibilityState==="hidden"&&T();t&&D(t)});` +
    `addEventListener("pagehide",function(){var t=T();if(!t)return;D(t);` +
    `try{fetch(U,{method:"PATCH",keepalive:true,headers:{"content-type":"application/json"},body:JSON.stringify({title:t.value})}).catch(function(){})}catch(z){}})` +
    `})()`
  );
}
