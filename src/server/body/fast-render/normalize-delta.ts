import { CODE_BLOCK_LANGUAGES, EDITOR_ALIGNMENTS, EDITOR_FONTS, EDITOR_SIZES, INDENT_LEVELS, LIST_KINDS } from "@/shared/editor-formats";
import { mentionValueOf } from "@/shared/mentions";
import { sanitizeImageUrl } from "@/shared/safe-urls";
import type { BodyDelta, BodyOp } from "@/server/body/sanitize-delta";
import { isSupportedColor } from "./inline-attributors";
import type { FormatValue } from "./inline-tree";
import { UnsupportedFormat, lineLeaves } from "./inline-tree";
import { BLOCK_BLOTS, BLOCK_CLASSES, buildLine, lineBlot, normalizeOps, splitLines } from "./render-delta-fast";

/**
 * The delta Quill's editor holds after `setContents(delta)` then `getContents()` (what the Quill
 * host's convert does to the clipboard's delta, quill-host.ts), in plain TypeScript: the same
 * line blots as the renderer builds (inline-tree.ts), read back leaf by leaf as Quill's
 * blockDelta does, ops joined as quill-delta's insert joins them. Returns null for anything it
 * does not reproduce exactly (an attribute or value outside the editor's formats, inline formats
 * or embeds inside a code block, colours other than hex and rgb());
 * the caller then lets Quill normalise. normalize-delta.test.ts compares it with the Quill host.
 */
export function normalizeDeltaFast(input: { ops: readonly unknown[] }): BodyDelta | null {
  const ops: BodyOp[] = [];
  for (const raw of input.ops) {
    const op = supportedOp(raw);
    if (!op) return null;
    if (op.insert !== "") ops.push(op);
  }
  try {
    return normalizeLines(ops);
  } catch (error) {
    if (error instanceof UnsupportedFormat) return null;
    throw error;
  }
}

function normalizeLines(ops: BodyOp[]): BodyDelta | null {
  const out = new DeltaBuilder();
  const lines = splitLines(normalizeOps(ops));
  if (lines.length === 0) out.insert("\n", {});
  for (const line of lines) {
    const blot = lineBlot(line.attributes);
    if (blot === null) return null;
    if (blot === "code-block") {
      for (const item of line.items) {
        if (typeof item.insert !== "string") return null;
        if (Object.keys(item.attributes ?? {}).some((name) => !BLOCK_BLOTS.has(name) && !(name in BLOCK_CLASSES) && name !== "table-header")) return null;
        out.insert(item.insert, {});
      }
    } else {
      for (const { leaf, formats } of lineLeaves(buildLine(line.items))) {
        if (leaf.type === "text") out.insert(leaf.text, formats);
        else out.insertEmbed(embedValue(leaf.kind, leaf.value), formats);
      }
    }
    out.insert("\n", lineFormats(line.attributes, blot));
  }
  return { ops: out.ops };
}

/** A block's formats(): its attributors in the order applied, then its own blot's value. */
function lineFormats(attributes: Record<string, unknown>, blot: string | undefined): Record<string, FormatValue> {
  const formats: Record<string, FormatValue> = {};
  for (const name of Object.keys(attributes)) {
    if (name === "align" || name === "indent") formats[name] = attributes[name] as FormatValue;
    else if (name === "table-header") formats[name] = true;
  }
  if (blot === "code-block") formats[blot] = typeof attributes[blot] === "string" ? (attributes[blot] as string) : "plain";
  else if (blot === "table") formats[blot] = String(attributes[blot]);
  else if (blot) formats[blot] = attributes[blot] as FormatValue;
  return formats;
}

/** An embed's value as getContents reads it back: an empty one is `true` (parchment's `value() || true`). */
function embedValue(kind: string, value: unknown): Record<string, unknown> {
  if (kind === "image") return { image: (typeof value === "string" ? sanitizeImageUrl(value) : "") || true };
  if (kind === "mention") return { mention: value };
  return { formula: value || true };
}

// ---- what the fast path accepts -------------------------------------------------------------

const oneOf = (values: readonly unknown[]) => (value: unknown) => values.includes(value);
const isTrue = (value: unknown) => value === true;
const isText = (value: unknown) => typeof value === "string";

/** Each attribute the fast path takes, with the values Quill keeps exactly as given. */
const ACCEPTED: Readonly<Record<string, (value: unknown) => boolean>> = {
  bold: isTrue,
  italic: isTrue,
  underline: isTrue,
  strike: isTrue,
  code: isTrue,
  script: oneOf(["sub", "super"]),
  link: isText,
  color: isSupportedColor,
  background: isSupportedColor,
  font: oneOf(EDITOR_FONTS),
  size: oneOf(EDITOR_SIZES),
  header: oneOf([1, 2, 3, 4, 5, 6]),
  list: oneOf(LIST_KINDS),
  blockquote: isTrue,
  "code-block": (value) => value === true || (CODE_BLOCK_LANGUAGES as readonly unknown[]).includes(value),
  table: (value) => (typeof value === "string" && value.length > 0) || (typeof value === "number" && Number.isInteger(value) && value > 0),
  "table-header": isTrue,
  align: oneOf(EDITOR_ALIGNMENTS),
  indent: oneOf(INDENT_LEVELS),
  // Image attributes: Quill writes them as DOM attributes and reads them back as strings.
  alt: (value) => typeof value === "string" && value.length > 0,
  width: (value) => typeof value === "string" && value.length > 0,
  height: (value) => typeof value === "string" && value.length > 0,
};

function supportedOp(raw: unknown): BodyOp | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { insert, attributes, ...rest } = raw as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return null;
  if (attributes !== undefined) {
    if (typeof attributes !== "object" || attributes === null) return null;
    for (const [name, value] of Object.entries(attributes)) {
      if (!Object.prototype.hasOwnProperty.call(ACCEPTED, name) || !ACCEPTED[name]!(value)) return null;
      // A CR in an attribute value: the renderer and Quill part ways on it; let Quill decide.
      if (typeof value === "string" && value.includes("\r")) return null;
    }
  }
  const kept = attributes && Object.keys(attributes).length > 0 ? (attributes as BodyOp["attributes"]) : undefined;
  if (typeof insert === "string") return kept ? { insert, attributes: kept } : { insert };
  if (typeof insert !== "object" || insert === null) return null;
  const keys = Object.keys(insert);
  if (keys.length !== 1) return null;
  const value = (insert as Record<string, unknown>)[keys[0]!];
  if (keys[0] === "image" && typeof value === "string" && !value.includes("\r")) return { insert: { image: value }, ...(kept ? { attributes: kept } : {}) };
  if (keys[0] === "formula" && typeof value === "string") return { insert: { formula: value }, ...(kept ? { attributes: kept } : {}) };
  if (keys[0] === "mention") {
    const mention = mentionValueOf(insert);
    // Only a mention that reads back as given (Quill's blot stores the cleaned id and name).
    const given = value as Record<string, unknown>;
    if (!mention || given.id !== mention.id || given.name !== mention.name || Object.keys(given).length !== 2) return null;
    return { insert: { mention }, ...(kept ? { attributes: kept } : {}) };
  }
  return null;
}

/** quill-delta's insert: empty text skipped, a text op joins the previous one when their attributes are equal. */
class DeltaBuilder {
  readonly ops: BodyOp[] = [];

  insert(text: string, formats: Record<string, FormatValue>): void {
    if (text.length === 0) return;
    const attributes = Object.keys(formats).length > 0 ? (formats as BodyOp["attributes"]) : undefined;
    const last = this.ops.at(-1);
    if (last && typeof last.insert === "string" && sameAttributes(last.attributes, attributes)) {
      // Delta.push: the joined op takes the later op's attributes object (equal, its key order may differ).
      this.ops[this.ops.length - 1] = attributes ? { attributes, insert: last.insert + text } : { insert: last.insert + text };
      return;
    }
    // Ops as quill-delta's slice (getContents) writes them: attributes first (only a join across
    // two of the host's pieces writes insert first; tests compare ops as { insert, attributes }).
    this.ops.push(attributes ? { attributes, insert: text } : { insert: text });
  }

  insertEmbed(embed: Record<string, unknown>, formats: Record<string, FormatValue>): void {
    const attributes = Object.keys(formats).length > 0 ? (formats as BodyOp["attributes"]) : undefined;
    this.ops.push((attributes ? { attributes, insert: embed } : { insert: embed }) as BodyOp);
  }
}

function sameAttributes(a: Record<string, unknown> | undefined, b: Record<string, unknown> | undefined): boolean {
  const left = a ?? {};
  const right = b ?? {};
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => left[key] === right[key]);
}
