import type Quill from "quill";
import type { Delta as DeltaType } from "quill";

/** A line with more inline ops than this is filled blot by blot (below); shorter ones go through Quill. */
export const LONG_LINE_OPS = 100;
/** Inline embeds: they sit in their line like text. Any other embed leaves the body to Quill. */
const INLINE_EMBEDS = new Set(["image", "formula", "mention"]);

type Op = DeltaType["ops"][number];
type Attributes = Record<string, unknown>;

interface Dependencies {
  Delta: typeof DeltaType;
  /** Quill's own setContents (the editor's may be this function): what runs when this can't. */
  setContents: Quill["setContents"];
}

/**
 * `quill.setContents(delta, source)`, loading lines of many formatted runs in time that grows with
 * their length rather than its square. Quill inserts a delta op by op, and each op walks its
 * line's blots from the first (Parchment's LinkedList finds an index, and checks every insertion
 * against the whole list), so a paragraph of 4,000 bold words took a minute to open. Here the
 * short lines go through Quill's own insertion, and each long line's runs are made blot by blot
 * (a leaf, its formats applied while it stands alone, as Quill formats a run) and appended to the
 * line. The result is checked against what setContents would hold, and when it differs in
 * anything Quill's own setContents runs instead. It emits what setContents emits: one
 * text-change, with `source`.
 */
export function setContentsFast(quill: Quill, deps: Dependencies, delta: DeltaType | Op[], source: unknown): DeltaType {
  // y-quill's source is the binding itself, which its observer recognises; Quill passes any value on.
  const quillSetContents = () => deps.setContents(delta, source as never);
  const plan = planLines(normalizeOps(Array.isArray(delta) ? delta : delta.ops));
  if (!plan) return quillSetContents();
  const { Delta } = deps;
  const { editor, scroll } = quill;
  const before = quill.getContents();
  // Quill's setContents without its events: the short lines, each long one left empty.
  editor.deleteText(0, quill.getLength());
  editor.insertContents(0, new Delta(plan.shell));
  editor.deleteText(quill.getLength() - 1, 1);
  const lines = scroll.lines();
  // The same runs as a change of the document just loaded: where each long line starts in it.
  const filled = new Delta();
  let at = 0;
  let inserted = 0;
  for (const { line, index, ops: runs } of plan.long) {
    const block = lines[line];
    if (!block || !("children" in block)) return quillSetContents();
    // Parchment's own classes, typed here by the few members used (its published types are Quill's internals).
    appendRuns(scroll as unknown as BlotFactory, block as unknown as ParentBlot, runs);
    filled.retain(index - inserted - at);
    for (const op of runs) filled.push(op);
    at = index - inserted;
    inserted += new Delta(runs).length();
  }
  // Parchment's merges and nesting order, for what the appends touched (its DOM records).
  scroll.optimize();
  editor.update(filled);
  const after = quill.getContents();
  if (!sameOps(after.ops, plan.expected)) return quillSetContents();
  // What setContents reports: the old document deleted, the new one inserted.
  const change = new Delta(after.ops.slice()).delete(before.length());
  quill.emitter.emit("editor-change", "text-change", change, before, source);
  quill.emitter.emit("text-change", change, before, source);
  return change;
}

interface Plan {
  /** The delta without the long lines' runs (their newlines stay). */
  shell: Op[];
  /** Each long line: its number, where it starts in the whole body, its runs. */
  long: Array<{ line: number; index: number; ops: Op[] }>;
  /** What setContents would leave: the normalised ops, neighbours with equal attributes joined. */
  expected: Op[];
}

/** The lines of a body, and which are long; null when none is, or something in it leaves it to Quill. */
function planLines(ops: Op[]): Plan | null {
  const shell: Op[] = [];
  const long: Plan["long"] = [];
  let line: Op[] = [];
  let lineStart = 0;
  let index = 0;
  let lineNumber = 0;
  const endLine = (newline: Op | null) => {
    // A code block's line holds text alone, and the syntax module rebuilds it: left to Quill.
    const isCode = newline?.attributes?.["code-block"] !== undefined;
    if (line.length > LONG_LINE_OPS && newline && !isCode) long.push({ line: lineNumber, index: lineStart, ops: joinEqual(line) });
    else shell.push(...line);
    if (newline) shell.push(newline);
    line = [];
    lineNumber += 1;
  };
  for (const op of ops) {
    if (typeof op.insert !== "string") {
      const key = Object.keys(op.insert ?? {})[0];
      if (op.insert === undefined || key === undefined || !INLINE_EMBEDS.has(key)) return null;
      line.push(op);
      index += 1;
      continue;
    }
    const parts = op.insert.split("\n");
    parts.forEach((text, part) => {
      if (text) line.push(withInsert(op, text));
      index += text.length;
      if (part === parts.length - 1) return;
      endLine(withInsert(op, "\n"));
      index += 1;
      lineStart = index;
    });
  }
  if (line.length > 0) endLine(null);
  if (long.length === 0) return null;
  // Quill's document always ends with a newline; setContents adds it when the delta lacks it.
  const expected = joinEqual(ops);
  const last = expected.at(-1);
  if (!last || typeof last.insert !== "string" || !last.insert.endsWith("\n")) expected.push({ insert: "\n" });
  return { shell, long, expected: joinEqual(expected) };
}

/** Quill's normalizeDelta (core/editor.js): a CR, alone or before a newline, is a newline. */
function normalizeOps(ops: readonly Op[]): Op[] {
  return ops.map((op) => (typeof op.insert === "string" && op.insert.includes("\r") ? withInsert(op, op.insert.replace(/\r\n/g, "\n").replace(/\r/g, "\n")) : op));
}

// ---- the long lines' blots -----------------------------------------------------------------

/** The little of Parchment's blot API used here (parchment's ParentBlot and LinkedList). */
interface Blot {
  parent: ParentBlot | null | undefined;
  length(): number;
  formatAt(index: number, length: number, name: string, value: unknown): void;
}
interface ParentBlot extends Blot {
  children: { contains(blot: Blot): boolean };
  insertBefore(blot: Blot, ref?: Blot): void;
}
interface BlotFactory {
  create(name: string, value?: unknown): Blot;
}

/**
 * Appends each run to the (empty) line: a leaf made as ParentBlot.insertAt makes it, given the
 * run's formats by formatAt while it stands alone (Quill's Inline.formatAt nests blots in its
 * order), then the outermost blot appended.
 */
function appendRuns(scroll: BlotFactory, block: ParentBlot, runs: readonly Op[]): void {
  const list = block.children;
  const contains = list.contains.bind(list);
  // Parchment's LinkedList.insertBefore first removes the node from the list, and finding it
  // there walks the whole list, so a line's thousandth run cost a thousand steps. A blot just
  // made has no parent and is in no list: the answer is known.
  list.contains = (blot) => blot.parent != null && contains(blot);
  try {
    for (const op of runs) {
      let top = leafOf(scroll, op);
      for (const [name, value] of Object.entries(op.attributes ?? {})) {
        top.formatAt(0, top.length(), name, value);
        while (top.parent) top = top.parent;
      }
      block.insertBefore(top);
    }
  } finally {
    delete (list as { contains?: unknown }).contains; // back to the prototype's
  }
}

function leafOf(scroll: BlotFactory, op: Op): Blot {
  if (typeof op.insert === "string") return scroll.create("text", op.insert);
  const [[name, value]] = Object.entries(op.insert as Attributes) as [[string, unknown]]; // planLines let only single-key embeds through
  return scroll.create(name, value);
}

// ---- ops ------------------------------------------------------------------------------------

function withInsert(op: Op, insert: string): Op {
  return op.attributes ? { insert, attributes: op.attributes } : { insert };
}

/** Delta.push's joining: neighbouring texts with equal attributes become one op. */
function joinEqual(ops: readonly Op[]): Op[] {
  const out: Op[] = [];
  for (const op of ops) {
    const last = out.at(-1);
    if (last && typeof last.insert === "string" && typeof op.insert === "string" && sameValue(last.attributes ?? {}, op.attributes ?? {})) {
      out[out.length - 1] = withInsert(op, last.insert + op.insert);
    } else {
      out.push(op);
    }
  }
  return out;
}

function sameOps(a: readonly Op[], b: readonly Op[]): boolean {
  return a.length === b.length && a.every((op, i) => sameValue(op.insert, b[i]?.insert) && sameValue(op.attributes ?? {}, b[i]?.attributes ?? {}));
}

/** Deep equality of JSON values, keys in any order (lodash's isEqual, which Quill compares deltas with). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const left = a as Attributes;
  const right = b as Attributes;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => Object.prototype.hasOwnProperty.call(right, key) && sameValue(left[key], right[key]));
}
