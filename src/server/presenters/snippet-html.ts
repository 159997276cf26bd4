/** Marks ts_headline puts around matched words: control characters stripped from the text first. */
export const HIGHLIGHT_START = "\u0001";
export const HIGHLIGHT_STOP = "\u0002";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Turns a ts_headline result into HTML that is safe to render: every character of the document
 * is escaped and the only markup is `<mark>…</mark>` where the database marked a match. Marks
 * are balanced even if the input's were not.
 */
export function snippetHtml(headline: string): string {
  let html = "";
  let isOpen = false;
  for (const part of headline.split(/([\u0001\u0002])/)) {
    if (part === HIGHLIGHT_START || part === HIGHLIGHT_STOP) {
      const wantsOpen = part === HIGHLIGHT_START;
      if (wantsOpen !== isOpen) html += wantsOpen ? "<mark>" : "</mark>";
      isOpen = wantsOpen;
      continue;
    }
    html += escapeHtml(part);
  }
  return isOpen ? `${html}</mark>` : html;
}

/** Escapes text for an HTML text node or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}
