import { quillInJsdom } from "@test/quill-in-jsdom";
import { randomDelta, seededRandom } from "@test/random-delta";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { bindYjs } from "./bind-yjs";
import { LONG_LINE_OPS, setContentsFast } from "./load-long-lines";

type Editor = ReturnType<typeof quillInJsdom>;
type Op = { insert: unknown; attributes?: Record<string, unknown> };
type Random = () => number;

/**
 * A body whose lines are random (test/random-delta.ts: every format, line formats, tables, lists,
 * code blocks, images), some of them made long: the runs of several lines joined into one line of
 * more than LONG_LINE_OPS runs (the first, and others at random). Without formulas and mentions,
 * which this build of Quill lacks.
 */
function bodyWithLongLines(random: Random): Op[] {
  const ops: Op[] = [];
  for (let line = 0; line < 12; line += 1) {
    const isLong = line === 0 || random() < 0.3;
    const source = randomDelta(random, isLong ? 100 : 2).ops.filter(isQuillOp);
    // A long line is its source lines' runs without their newlines (which carry line formats), and
    // without CRs, which Quill reads as newlines.
    for (const op of source) if (!isLong || typeof op.insert !== "string" || !/[\r\n]/.test(op.insert)) ops.push(op);
    if (isLong) ops.push({ insert: "\n", attributes: pick(random, [undefined, { header: 2 }, { list: "bullet" }, { align: "center", blockquote: true }, { table: "row-abcd" }]) });
  }
  return ops.map((op) => (op.attributes === undefined ? { insert: op.insert } : op));
}

function isQuillOp(op: Op): boolean {
  if (typeof op.insert === "string") return op.insert.length > 0;
  return typeof op.insert === "object" && op.insert !== null && "image" in op.insert;
}

const pick = <T,>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** setContentsFast on `editor`, counting the times it had to leave the work to Quill's setContents. */
function loadFast(editor: Editor, ops: Op[], source: unknown) {
  let fallbacks = 0;
  const setContents = editor.quill.setContents.bind(editor.quill);
  const change = setContentsFast(editor.quill, { Delta: editor.Delta, setContents: (...args) => ((fallbacks += 1), setContents(...args)) }, ops as never, source);
  return { change, fallbacks };
}

function textChanges(editor: Editor): Array<{ change: unknown; source: unknown }> {
  const changes: Array<{ change: unknown; source: unknown }> = [];
  editor.quill.on("text-change", (change: unknown, _old: unknown, source: unknown) => changes.push({ change, source }));
  return changes;
}

// QUIRE_RENDER_DIFF_FULL=1 widens it, as the other differential tests against Quill do.
const SEEDS = process.env.QUIRE_RENDER_DIFF_FULL === "1" ? 60 : 6;

describe("setContentsFast", () => {
  it("loads exactly the document Quill's setContents loads, and reports it as setContents does", () => {
    let longLines = 0;
    for (let seed = 1; seed <= SEEDS; seed += 1) {
      // What Quill's setContents loads, read back as a Y.Text bound to an editor holds it (a colour
      // as hex, a refused link as about:blank); loading that again gives it back unchanged.
      const plain = quillInJsdom();
      plain.quill.setContents(new plain.Delta(bodyWithLongLines(seededRandom(seed)) as never));
      const ops = plain.quill.getContents().ops as Op[];
      const fast = quillInJsdom();
      const changes = textChanges(fast);
      const source = { binding: seed };
      const { change, fallbacks } = loadFast(fast, ops, source);
      expect({ seed, contents: fast.quill.getContents() }).toEqual({ seed, contents: plain.quill.getContents() });
      expect(fallbacks).toBe(0);
      // One text-change with the caller's source, taking the empty editor to the document.
      expect(changes).toEqual([{ change, source }]);
      expect(new fast.Delta().insert("\n").compose(change)).toEqual(fast.quill.getContents());
      // The long lines took the blot-by-blot way.
      longLines += fast.quill.getLines().filter((line) => (line as unknown as { children: { length: number } }).children.length > LONG_LINE_OPS / 2).length;
    }
    expect(longLines).toBeGreaterThan(SEEDS);
  }, 120_000);

  it("leaves a body without long lines, or with an embed it does not place, to Quill", () => {
    const editor = quillInJsdom();
    expect(loadFast(editor, [{ insert: "short\n" }], "api").fallbacks).toBe(1);
    const long = Array.from({ length: LONG_LINE_OPS + 1 }, (_, i) => ({ insert: `w${i} `, attributes: i % 2 ? { bold: true } : { italic: true } }));
    expect(loadFast(editor, [...long, { insert: { video: "https://example.com/v" } }, { insert: "\n" }], "api").fallbacks).toBe(1);
    expect(editor.quill.getText()).toContain("w100");
  });

  it("lets y-quill bind through it: the body loads once, typing reaches the Y.Text and a collaborator's change the editor", async () => {
    const doc = new Y.Doc();
    const body = doc.getText("body");
    const runs = Array.from({ length: 400 }, (_, i) => [{ insert: `plain ${i} ` }, { insert: `bold ${i}`, attributes: { bold: true } }]).flat();
    body.applyDelta([...runs, { insert: "\n", attributes: { header: 2 } }, { insert: "Last line\n" }]);
    const editor = quillInJsdom();
    const changes = textChanges(editor);
    const unbind = await bindYjs(editor.quill, body, null, { Delta: editor.Delta });
    expect(changes).toHaveLength(1);
    expect(editor.quill.getContents().ops).toEqual(new editor.Delta(body.toDelta()).ops);
    // Quill's own setContents is back.
    expect(Object.prototype.hasOwnProperty.call(editor.quill, "setContents")).toBe(false);
    editor.quill.insertText(0, "Typed ", "user");
    expect(body.toString().startsWith("Typed plain 0 ")).toBe(true);
    body.insert(body.length - 1, " (edited elsewhere)");
    expect(editor.quill.getText()).toContain("Last line (edited elsewhere)");
    expect(editor.quill.getContents().ops).toEqual(new editor.Delta(body.toDelta()).ops);
    unbind();
  });
});
