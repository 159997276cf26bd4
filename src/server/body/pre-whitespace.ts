/**
 * Whether a text node's whitespace is its content by its markup's own say: the nearest element
 * above it that sets `white-space` in its style attribute sets `pre`, `pre-wrap` or
 * `break-spaces` (not inside a `<pre>`, which Quill's clipboard keeps anyway). That is how tabs
 * travel in HTML outside code: our HTML export's `<span style="white-space:pre">\t</span>`
 * (keep-html-spaces.ts), the Markdown import's (markdown-to-delta.ts), and the "Apple-tab-span"
 * browsers and office suites write. The Quill host's text matcher (quill-host.ts) and the
 * jsdom-free import walk (formats/import/fast-convert/clipboard-walk.ts) keep such text's spaces
 * and tabs (preWhitespaceText), where Quill's matchText would turn a tab into a space and collapse
 * runs. Reads only parentElement, localName and getAttribute, so it takes either's nodes.
 */
export function isInPreWhitespace(node: { parentElement: PreWhitespaceElement | null }): boolean {
  for (let parent = node.parentElement; parent; parent = parent.parentElement) {
    if (parent.localName === "pre") return false;
    const value = whiteSpaceOf(parent.getAttribute("style"));
    if (value !== undefined) return KEEPING.has(value);
  }
  return false;
}

/** The text a node isInPreWhitespace inserts: its own, line breaks and no-break spaces as spaces (as matchText makes them). */
export function preWhitespaceText(data: string): string {
  return data.replace(/\r\n?|\n/g, " ").replaceAll("\u00a0", " ");
}

/**
 * `html` (text, or markup whose attribute values hold no tab) with each run of tabs in a
 * `<span style="white-space:pre">`, which any HTML reader shows as tabs and the import reads back
 * as tabs (isInPreWhitespace).
 */
export function wrapTabs(html: string): string {
  return html.includes("\t") ? html.replace(/\t+/g, (tabs) => `${TAB_SPAN_OPEN}${tabs}</span>`) : html;
}

const TAB_SPAN_OPEN = '<span style="white-space:pre">';

/** What isInPreWhitespace reads of an element (a DOM Element or the import walk's node). */
export interface PreWhitespaceElement {
  readonly localName: string;
  readonly parentElement: PreWhitespaceElement | null;
  getAttribute(name: string): string | null;
}

const KEEPING = new Set(["pre", "pre-wrap", "break-spaces"]);
// A style attribute's white-space declarations; the last one wins, as in CSS.
const WHITE_SPACE = /(?:^|;)\s*white-space\s*:\s*([a-z-]+)\s*(?:!\s*important\s*)?(?=;|$)/gi;

function whiteSpaceOf(style: string | null): string | undefined {
  if (!style) return undefined;
  let value: string | undefined;
  for (const match of style.matchAll(WHITE_SPACE)) value = match[1]?.toLowerCase();
  return value;
}
