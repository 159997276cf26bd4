import type { defaultTreeAdapter } from "parse5";
import { tableSizeProblem } from "@/server/body/table-limits";
import { MAX_HTML_ELEMENTS, MAX_HTML_NESTING, tooDeepHtml, tooLargeTable, tooManyHtmlElements } from "@/server/formats/import/conversion-limits";
import type { TreeElement, TreeParent } from "./html-tree";
import { isElement } from "./html-tree";

type TreeAdapter = typeof defaultTreeAdapter;

/**
 * `adapter` counting the elements parse5 creates, refusing the markup at MAX_HTML_ELEMENTS while
 * it is parsed (docs/product.md "Limits"): a file of many small elements is refused before their
 * tree fills the worker's memory.
 * @throws UnreadableFileError (from the parse) past the limit
 */
export function countingAdapter(adapter: TreeAdapter): TreeAdapter {
  let elements = 0;
  return {
    ...adapter,
    createElement(tagName, namespaceURI, attrs) {
      elements += 1;
      if (elements > MAX_HTML_ELEMENTS) throw tooManyHtmlElements();
      return adapter.createElement(tagName, namespaceURI, attrs);
    },
  };
}

/**
 * Refuses parsed markup past the conversion's other limits before anything walks it: elements
 * nested more than MAX_HTML_NESTING deep (the converter's walks, and Quill's, recurse per level),
 * and a table past docs/product.md "Validation"'s, as the editor would count it without merged
 * cells' spans (which only add cells: the converted delta is checked again). Iterative, so any
 * depth is measured without recursing. Returns how many elements `root` holds.
 * @throws UnreadableFileError
 */
export function checkMarkup(root: TreeParent): number {
  let elements = 0;
  const tables = new Map<TreeElement, { columns: number; cells: number }>();
  const stack: Array<{ node: TreeParent; depth: number; table: TreeElement | null }> = [{ node: root, depth: 0, table: null }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { node, depth, table } = item;
    for (const child of node.childNodes) {
      if (!isElement(child)) continue;
      elements += 1;
      if (depth + 1 > MAX_HTML_NESTING) throw tooDeepHtml();
      let inTable = table;
      if (child.tagName === "table") {
        inTable = child;
        tables.set(child, { columns: 0, cells: 0 });
      } else if (child.tagName === "tr" && table) {
        const size = tables.get(table);
        const cells = child.childNodes.filter((cell) => isElement(cell) && (cell.tagName === "td" || cell.tagName === "th")).length;
        if (size) {
          size.columns = Math.max(size.columns, cells);
          size.cells += cells;
          const problem = tableSizeProblem(size.columns, size.cells);
          if (problem) throw tooLargeTable(problem);
        }
      }
      stack.push({ node: child, depth: depth + 1, table: inTable });
    }
  }
  return elements;
}
