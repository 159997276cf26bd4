import type { BlockAttributes } from "./markdown-shortcuts";

/**
 * The blocks the "/" menu (slash-menu.ts) inserts, in its order. A new kind of block is one
 * entry here: a line format, or one of the toolbar's own handlers (image upload, formula input).
 * Only blocks the editor has (shared/editor-formats.ts): no divider yet.
 */
export type SlashAction =
  | { kind: "line"; attributes: BlockAttributes }
  | { kind: "toolbar"; handler: "image" | "formula" | "table" }
  // Asks the page for a template (INSERT_TEMPLATE_EVENT): its picker and the server fill it.
  | { kind: "template" };

/**
 * Dispatched on the editor's root (bubbling) by the "/" menu's "Template", with the caret's index
 * as `detail.index`: the document page opens its template picker and inserts the choice there.
 */
export const INSERT_TEMPLATE_EVENT = "quire:insert-template";

export interface SlashItem {
  id: string;
  label: string;
  /** Shown beside the label: its typing shortcut, or what it does. */
  hint: string;
  /** Other words it is found by ("h1", "ul", "math"). */
  keywords: readonly string[];
  action: SlashAction;
}

export const SLASH_ITEMS: readonly SlashItem[] = [
  { id: "heading-1", label: "Heading 1", hint: "# Space", keywords: ["h1", "title"], action: { kind: "line", attributes: { header: 1 } } },
  { id: "heading-2", label: "Heading 2", hint: "## Space", keywords: ["h2", "subtitle"], action: { kind: "line", attributes: { header: 2 } } },
  { id: "heading-3", label: "Heading 3", hint: "### Space", keywords: ["h3"], action: { kind: "line", attributes: { header: 3 } } },
  { id: "bulleted-list", label: "Bulleted list", hint: "- Space", keywords: ["ul", "bullet", "unordered"], action: { kind: "line", attributes: { list: "bullet" } } },
  { id: "numbered-list", label: "Numbered list", hint: "1. Space", keywords: ["ol", "ordered"], action: { kind: "line", attributes: { list: "ordered" } } },
  { id: "check-list", label: "Check list", hint: "[] Space", keywords: ["todo", "task", "checkbox"], action: { kind: "line", attributes: { list: "unchecked" } } },
  { id: "quote", label: "Quote", hint: "> Space", keywords: ["blockquote"], action: { kind: "line", attributes: { blockquote: true } } },
  { id: "code-block", label: "Code block", hint: "Three backticks ```", keywords: ["pre", "snippet"], action: { kind: "line", attributes: { "code-block": "plain" } } },
  { id: "image", label: "Image", hint: "Upload a picture", keywords: ["picture", "photo", "upload"], action: { kind: "toolbar", handler: "image" } },
  { id: "formula", label: "Formula", hint: "LaTeX math", keywords: ["math", "equation", "latex", "katex"], action: { kind: "toolbar", handler: "formula" } },
  { id: "table", label: "Table", hint: "Rows and columns", keywords: ["grid", "rows", "columns"], action: { kind: "toolbar", handler: "table" } },
  { id: "template", label: "Template", hint: "Insert a workspace template", keywords: ["boilerplate", "preset"], action: { kind: "template" } },
];

/** Longest filter kept open: past it the "/" was surely just text. */
export const SLASH_QUERY_MAX = 32;

/**
 * The items a filter (what follows the "/") finds: each of its words begins a word of the
 * item's label or keywords, case-insensitively ("hea" → the headings, "list" → the lists,
 * "h2" → Heading 2). An empty filter finds them all.
 */
export function filterSlashItems(query: string, items: readonly SlashItem[] = SLASH_ITEMS): SlashItem[] {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return [...items];
  return items.filter((item) => {
    const words = [...item.label.toLowerCase().split(/\s+/), ...item.keywords];
    return terms.every((term) => words.some((word) => word.startsWith(term)));
  });
}

/**
 * Whether the menu closes for good on this filter: nothing matches and the filter has a space
 * (someone writing a sentence that starts with "/"), or it is too long to be a filter.
 */
export function shouldCloseSlashMenu(query: string, matches: number): boolean {
  return query.length > SLASH_QUERY_MAX || (matches === 0 && /\s/.test(query));
}
