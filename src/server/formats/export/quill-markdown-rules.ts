import type TurndownService from "turndown";

type Plugin = TurndownService.Plugin;

/**
 * Turndown rules for the markup Quill 2 renders, which differs from plain HTML:
 * every list is one flat `<ol>` whose items carry `data-list` and nest by `ql-indent-N`,
 * code blocks are one `<div>` per line, formulas hold their TeX in `data-value`, and
 * `.ql-ui` elements are editor chrome (list markers, the language picker).
 */
export const quillMarkdownRules: Plugin = (service) => {
  service.remove((node) => hasClass(node, "ql-ui"));
  // Quill's empty line is `<p><br></p>`; turndown would keep the br as a hard break ("  ").
  service.addRule("quillEmptyLine", { filter: (node) => node.nodeName === "P" && isOnlyBreaks(node), replacement: () => "\n\n" });
  service.addRule("quillList", { filter: (node) => isQuillList(node), replacement: (content) => `\n\n${content}\n\n` });
  service.addRule("quillListItem", { filter: (node) => node.nodeName === "LI" && node.hasAttribute("data-list"), replacement: listItem });
  service.addRule("quillCodeBlock", { filter: (node) => hasClass(node, "ql-code-block-container"), replacement: (_c, node) => codeBlock(node) });
  service.addRule("quillFormula", { filter: (node) => hasClass(node, "ql-formula"), replacement: (_c, node) => formula(node) });
  // Markdown has no underline; inline HTML keeps it, and Markdown inside it is still parsed.
  service.addRule("underline", { filter: ["u", "ins"], replacement: (content) => (content.trim() ? `<u>${content}</u>` : content) });
};

const NESTED_INDENT = "    "; // four spaces nest under any marker up to "99. " (CommonMark's content column)

function listItem(content: string, node: HTMLElement): string {
  const level = listLevels(node).get(node) ?? 0;
  const text = content.replace(/^\n+|\n+$/g, "").replace(/\n/g, `\n${NESTED_INDENT.repeat(level + 1)}`);
  return `${NESTED_INDENT.repeat(level)}${marker(node, level)}${text}\n`;
}

function marker(node: HTMLElement, level: number): string {
  switch (node.getAttribute("data-list")) {
    case "ordered":
      return `${orderedNumber(node, level)}. `;
    case "checked":
      return "- [x] ";
    case "unchecked":
      return "- [ ] ";
    default:
      return "- ";
  }
}

// Quill numbers like CSS counters: an item continues the count of earlier ordered items at
// its level, skipping deeper ones, and a shallower item or another list type restarts it.
function orderedNumber(node: HTMLElement, level: number): number {
  const levels = listLevels(node);
  let count = 1;
  for (let prev = node.previousElementSibling; prev; prev = prev.previousElementSibling) {
    const prevLevel = levels.get(prev as HTMLElement) ?? 0;
    if (prevLevel > level) continue;
    if (prevLevel < level || prev.getAttribute("data-list") !== "ordered") break;
    count += 1;
  }
  return count;
}

const levelCache = new WeakMap<Element, Map<HTMLElement, number>>();

// Each item's nesting depth, from its ql-indent-N class but never more than one deeper than
// the item before it: Markdown can't skip a level, and too much indent would make a code block.
function listLevels(item: HTMLElement): Map<HTMLElement, number> {
  const list = item.parentElement;
  if (!list) return new Map([[item, 0]]);
  const cached = levelCache.get(list);
  if (cached) return cached;
  const levels = new Map<HTMLElement, number>();
  let previous = -1;
  for (const child of Array.from(list.children) as HTMLElement[]) {
    const indent = Number(/\bql-indent-(\d+)\b/.exec(child.getAttribute("class") ?? "")?.[1] ?? 0);
    previous = Math.min(indent, previous + 1);
    levels.set(child, previous);
  }
  levelCache.set(list, levels);
  return levels;
}

function codeBlock(container: HTMLElement): string {
  const lines = (Array.from(container.children) as HTMLElement[]).filter((child) => hasClass(child, "ql-code-block"));
  const code = lines.map((line) => (line.textContent ?? "").replace(/\uFEFF/g, "")).join("\n");
  const language = lines[0]?.getAttribute("data-language") ?? "";
  // A fence must be longer than any backtick run inside the code.
  const longestRun = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(Math.max(3, longestRun + 1));
  return `\n\n${fence}${language === "plain" ? "" : language}\n${code}\n${fence}\n\n`;
}

function formula(node: HTMLElement): string {
  const tex = (node.getAttribute("data-value") ?? "").trim();
  return tex ? `$${tex}$` : "";
}

function isOnlyBreaks(node: HTMLElement): boolean {
  return node.childNodes.length > 0 && Array.from(node.childNodes).every((child) => child.nodeName === "BR");
}

function isQuillList(node: HTMLElement): boolean {
  return (node.nodeName === "OL" || node.nodeName === "UL") && node.firstElementChild?.hasAttribute("data-list") === true;
}

function hasClass(node: HTMLElement, name: string): boolean {
  return (node.getAttribute?.("class") ?? "").split(/\s+/).includes(name);
}
