import { quillInJsdom } from "@test/quill-in-jsdom";
import { randomDelta, seededRandom } from "@test/random-delta";
import { bubbleFormats } from "quill/blots/block.js";
import { describe, expect, it } from "vitest";
import { widenTypingFastPath } from "./typing-fast-path";

type Editor = ReturnType<typeof quillInJsdom>;
type Random = () => number;

/** What people type that is not printable ASCII, and some that is. */
const TYPED = ["é", "’", "—", "ß", "漢字", "🙂", "👩🏽‍💻", "e\u0301", "\u00a0", "a", " ", "x y"];

/** Two editors holding `ops`: one with the wider fast path, one with Quill's own. */
function editorPair(ops: unknown[]) {
  const widened = quillInJsdom();
  const quills = quillInJsdom();
  widenTypingFastPath(widened.quill, { Delta: widened.Delta, bubbleFormats });
  const internal = (editor: Editor) => (editor.quill as unknown as { editor: { delta: unknown; getDelta(): unknown } }).editor;
  for (const editor of [widened, quills]) {
    editor.quill.setContents(new editor.Delta(ops as never), "silent");
    settle(editor);
    // Loaded again as the editor reads it back: a value Quill writes differently than it was given
    // (a colour as rgb(), say) would otherwise make its slow path report that too, on any edit.
    editor.quill.setContents(internal(editor).getDelta() as never, "silent");
    settle(editor);
  }
  // Quill's slow path re-reads the whole document: count it on the widened editor.
  let wholeReads = 0;
  const widenedEditor = internal(widened);
  const getDelta = widenedEditor.getDelta.bind(widenedEditor);
  widenedEditor.getDelta = () => ((wholeReads += 1), getDelta());
  return { widened, quills, internal, wholeReads: () => wholeReads };
}

/**
 * Hands Quill the DOM records still queued (its MutationObserver callback would have by the next
 * keystroke in a browser), so that an edit's update holds that edit alone.
 */
function settle(editor: Editor): void {
  editor.quill.update("silent");
}

/**
 * The generated documents' text and images (this build of Quill has no mention or other Quire
 * embeds), without U+FEFF: Quill's whole-document read drops that character from text, so its
 * own path answers an edit anywhere with a deletion of it too, which is Quill's to settle.
 */
function quillOps(ops: Array<{ insert: unknown; attributes?: unknown }>): unknown[] {
  return ops
    .filter((op) => typeof op.insert === "string" || (typeof op.insert === "object" && op.insert !== null && "image" in op.insert))
    .map((op) => (typeof op.insert === "string" ? { ...op, insert: op.insert.replaceAll("\ufeff", "") } : op))
    .filter((op) => op.insert !== "");
}

function textNodes(editor: Editor): Text[] {
  const walker = editor.document.createTreeWalker(editor.quill.root, 4 /* NodeFilter.SHOW_TEXT */);
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  return nodes;
}

/** An offset in `text` that does not split a surrogate pair (the browser never edits half of one). */
function offsetIn(random: Random, text: string): number {
  let offset = Math.floor(random() * (text.length + 1));
  if (offset > 0 && offset < text.length && /[\uDC00-\uDFFF]/.test(text[offset]!)) offset -= 1;
  return offset;
}

/** One keystroke-sized change to a text node, as the browser's editing makes it: an insertion or a deletion. */
function randomEdit(random: Random, text: string): (node: Text) => void {
  const at = offsetIn(random, text);
  if (random() < 0.7 || text.length === 0) {
    const typed = TYPED[Math.floor(random() * TYPED.length)]!;
    return (node) => node.insertData(at, typed);
  }
  const end = Math.min(text.length, offsetIn(random, text.slice(0, at + 1 + Math.floor(random() * 2))) || at + 1);
  const from = Math.min(at, end);
  const to = Math.max(at, end, from + 1);
  const cut = /[\uD800-\uDBFF]/.test(text[to - 1] ?? "") ? to + 1 : to;
  return (node) => node.deleteData(from, Math.min(cut, text.length) - from);
}

function changesOf(editor: Editor): unknown[] {
  const changes: unknown[] = [];
  editor.quill.on("text-change", (delta: { ops: unknown[] }) => changes.push(JSON.parse(JSON.stringify(delta.ops))));
  return changes;
}

// QUIRE_RENDER_DIFF_FULL=1: 40 random documents of 25 edits each instead of 12, as the other
// differential tests against Quill widen theirs.
const SEEDS = process.env.QUIRE_RENDER_DIFF_FULL === "1" ? 40 : 12;

describe("widenTypingFastPath", () => {
  it("reports a change that turns the document into what the page shows, as Quill's own path does, for edits in any text", () => {
    let fastEdits = 0;
    for (let seed = 1; seed <= SEEDS; seed += 1) {
      const random = seededRandom(seed);
      const { widened, quills, internal, wholeReads } = editorPair(quillOps(randomDelta(random, 12).ops));
      const changes = changesOf(widened);
      for (let step = 0; step < 25; step += 1) {
        const nodes = textNodes(widened);
        const twins = textNodes(quills);
        expect(twins.length).toBe(nodes.length);
        if (nodes.length === 0) break;
        const which = Math.floor(random() * nodes.length);
        const node = nodes[which]!;
        const edit = randomEdit(random, node.data);
        const before = widened.quill.getContents();
        const readsBefore = wholeReads();
        edit(node);
        edit(twins[which]!);
        const nonAscii = !/^[ -~]*$/.test(node.data);
        widened.quill.update("user");
        quills.quill.update("user");
        if (nonAscii && wholeReads() === readsBefore) fastEdits += 1;
        settle(widened);
        settle(quills);
        // The change y-quill sends takes the document from before the keystroke to what the page
        // now shows. (It need not be Quill's own delta op for op: deleting one of several equal
        // characters, Quill's whole-document diff may delete a neighbour instead, equally right.)
        const shown = internal(widened).getDelta();
        const change = changes.splice(0).reduce((all: InstanceType<Editor["Delta"]>, ops) => all.compose(new widened.Delta(ops as never)), new widened.Delta());
        expect(before.compose(change)).toEqual(shown);
        // Quill's running copy of the document, which its next change composes onto.
        expect(internal(widened).delta).toEqual(shown);
        expect(widened.quill.getContents()).toEqual(quills.quill.getContents());
      }
    }
    // Most of the edits were in non-ASCII text and took the fast path: the case this widens.
    expect(fastEdits).toBeGreaterThan(SEEDS * 25 * 0.5);
  }, 120_000); // 1,000 edits in two jsdom editors: 5 s usually, 52 s on a slow shared machine

  it("works the change out from the edited text alone: the whole document is not read again", () => {
    const { widened, wholeReads } = editorPair([
      { insert: "Café " },
      { insert: "crème", attributes: { bold: true } },
      { insert: "\nSecond line\n" },
    ]);
    const changes = changesOf(widened);
    const bold = textNodes(widened).find((node) => node.data === "crème")!;
    bold.insertData(5, "’s");
    widened.quill.update("user");
    expect(wholeReads()).toBe(0);
    expect(changes).toEqual([[{ retain: 10 }, { insert: "’s", attributes: { bold: true } }]]);
    expect(widened.quill.getText()).toBe("Café crème’s\nSecond line\n");
  });

  it("puts a keystroke where the caret was when the text around it repeats", () => {
    const { widened, wholeReads } = editorPair([{ insert: "Thé\n" }]);
    const changes = changesOf(widened);
    // jsdom has no caret: give Quill's selection the one a browser would report around typing "é" between "h" and "é".
    const selection = (widened.quill as unknown as { selection: { lastRange: unknown; getRange(): unknown } }).selection;
    selection.lastRange = { index: 2, length: 0 };
    selection.getRange = () => [{ index: 3, length: 0 }, null];
    textNodes(widened)[0]!.insertData(2, "é");
    widened.quill.update("user");
    expect(wholeReads()).toBe(0);
    // Without the caret, the text alone would say the second "é" was typed.
    expect(changes).toEqual([[{ retain: 2 }, { insert: "é" }]]);
  });

  it("leaves text holding Quill's caret placeholder to Quill", () => {
    const { widened, wholeReads } = editorPair([{ insert: "Café\n" }]);
    const node = textNodes(widened)[0]!;
    node.insertData(4, "\ufeffé");
    widened.quill.update("user");
    expect(wholeReads()).toBe(1);
  });
});
