import { wrapTabs } from "@/server/body/pre-whitespace";

/**
 * The editor's HTML with every space that an HTML reader would collapse or drop written `&nbsp;`,
 * so the HTML export imports back with the spaces it shows (docs/architecture.md "Import"). The
 * editor shows its text `white-space: pre-wrap`, but an import (Quill's clipboard,
 * quill/modules/clipboard.js matchText, and its copy in fast-convert/clipboard-walk.ts) collapses
 * a text node's runs of spaces to one, drops a leading space when the node starts its line and a
 * trailing one when it ends it, then reads `&nbsp;` back as a space. Only those spaces change:
 * `&nbsp;` also keeps a line from wrapping there, so a space between words stays a space. Code
 * blocks and inline code keep their text (an import keeps their whitespace, code-span.ts);
 * formulas and mentions are embeds whose text nobody reads back. Works on the serialised form
 * Quill and the server's renderer produce (well-formed, attribute values quoted). A tab outside
 * code, which the import would read as a space, goes in a `<span style="white-space:pre">`
 * (body/pre-whitespace.ts wrapTabs): readers show it as a tab and the import keeps it.
 */
export function keepHtmlSpaces(html: string): string {
  if (!/[ \t][ \t]|> |[ \t]<|\t/.test(html)) return html;
  const tokens = tokenize(html);
  // Open elements: tag name, and whether text inside is left as it is (code, formula, mention).
  const stack: { tag: string; verbatim: boolean }[] = [];
  let out = "";
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    if (token.kind === "open") {
      const verbatim = (stack.at(-1)?.verbatim ?? false) || token.tag === "code" || token.tag === "pre" || VERBATIM_CLASS.test(token.classes);
      if (!VOID.has(token.tag)) stack.push({ tag: token.tag, verbatim });
      out += token.text;
    } else if (token.kind === "close") {
      stack.pop();
      out += token.text;
    } else if (token.kind === "comment" || stack.at(-1)?.verbatim || !/[ \t]/.test(token.text)) {
      out += token.text;
    } else {
      const parent = stack.at(-1)?.tag;
      const previous = tokens[index - 1];
      const next = tokens[index + 1];
      // Quill's matchText: the node starts its line when it is its line's first child, or comes
      // right after a line element (a closing tag here: text never follows an opening tag of a
      // sibling); likewise it ends its line.
      const startsLine = previous === undefined || (previous.kind === "open" ? isLine(parent) : previous.kind === "close" && isLine(previous.tag));
      const endsLine = next === undefined || (next.kind === "close" ? isLine(parent) : next.kind === "open" && isLine(next.tag));
      out += wrapTabs(keepSpaces(token.text, startsLine, endsLine));
    }
  }
  return out;
}

function keepSpaces(text: string, startsLine: boolean, endsLine: boolean): string {
  const leading = startsLine ? text.length - text.replace(/^[ \t]+/, "").length : 0;
  const trailing = endsLine ? text.replace(/[ \t]+$/, "").length : text.length;
  return text.replace(/ /g, (space, index: number) => {
    const before = text[index - 1];
    return index < leading || index >= trailing || before === " " || before === "\t" ? "&nbsp;" : space;
  });
}

// quill/modules/clipboard.js isLine's list (clipboard-walk.ts LINE_TAGS).
const LINE_TAGS = new Set(["address", "article", "blockquote", "canvas", "dd", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "iframe", "li", "main", "nav", "ol", "output", "p", "pre", "section", "table", "td", "tr", "ul", "video"]);
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const VERBATIM_CLASS = /(?:^|\s)(?:ql-code-block-container|ql-code-block|ql-formula|mention)(?:\s|$)/;

function isLine(tag: string | undefined): boolean {
  return tag !== undefined && LINE_TAGS.has(tag);
}

type Token =
  | { kind: "open"; tag: string; classes: string; text: string }
  | { kind: "close"; tag: string; text: string }
  | { kind: "text"; text: string }
  | { kind: "comment"; text: string };

// A tag, its attributes' values quoted (a formula's TeX may hold ">"), or a comment.
const TAG = /<!--[\s\S]*?-->|<\/?([A-Za-z][A-Za-z0-9-]*)((?:[^"'>]|"[^"]*"|'[^']*')*)>/g;

function tokenize(html: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  for (const match of html.matchAll(TAG)) {
    if (match.index > last) tokens.push({ kind: "text", text: html.slice(last, match.index) });
    last = match.index + match[0].length;
    const tag = match[1]?.toLowerCase();
    if (!tag) {
      tokens.push({ kind: "comment", text: match[0] });
      continue;
    }
    if (match[0].startsWith("</")) tokens.push({ kind: "close", tag, text: match[0] });
    else tokens.push({ kind: "open", tag, classes: /\sclass="([^"]*)"/.exec(match[2] ?? "")?.[1] ?? "", text: match[0] });
  }
  if (last < html.length) tokens.push({ kind: "text", text: html.slice(last) });
  return tokens;
}
