/**
 * Whether a text node is inside a code span (`<code>` but not in a `<pre>`, where a code block
 * keeps its text anyway): the Quill host's text matcher (quill-host.ts) and the jsdom-free
 * import walk (formats/import/fast-convert/clipboard-walk.ts) keep such text's whitespace.
 * Reads only parentElement and localName, so it takes either's nodes.
 */
export function isInCodeSpan(node: Pick<Node, "parentElement">): boolean {
  for (let parent = node.parentElement; parent; parent = parent.parentElement) {
    if (parent.localName === "pre") return false;
    if (parent.localName === "code") return true;
  }
  return false;
}
