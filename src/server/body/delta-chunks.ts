/** An op of a document delta as Quill takes it: text or an embed, with its attributes. */
export interface ChunkOp {
  insert?: unknown;
  attributes?: Record<string, unknown>;
}

/**
 * Line formats whose line Quill renders as a block of its own, whatever the lines around it
 * are: a paragraph, a heading or a quote line, aligned, indented or right to left. A list item,
 * a code-block line (and any format this list doesn't know, such as a future table) may share a
 * container with its neighbours (`<ol>`, `.ql-code-block-container`), so no cut goes next to one.
 */
const STANDALONE_LINE_FORMATS = new Set(["header", "blockquote", "align", "indent", "direction"]);
/** Inline embeds: they sit inside their line's block. */
const INLINE_EMBEDS = new Set(["image", "formula"]);

/**
 * Cuts a document delta into consecutive pieces of about `linesPerChunk` lines, only between
 * two lines that each render as a block of their own, so each piece renders in Quill exactly as
 * it does inside the whole document, and joining the pieces (markup, or getContents' deltas)
 * gives the whole's. Why: jsdom's DOM costs time in proportion to a parent's number of
 * children on every insertion and removal (live child lists, sibling indexes), so Quill
 * building a document of n lines under one root costs about n², and a 150 KB document took
 * seconds; pieces keep every parent small. A delta with anything but inserts is one piece.
 */
export function splitIntoChunks<Op extends ChunkOp>(ops: readonly Op[], linesPerChunk: number): Op[][] {
  if (ops.some((op) => op.insert === undefined)) return [[...ops]];
  const chunks: Op[][] = [];
  let chunk: Op[] = [];
  let chunkLines = 0;
  let line: Op[] = []; // the current line's ops, not yet in a chunk
  let lineStandalone = true;
  let previousStandalone = false; // the chunk's last line renders on its own
  for (const op of ops) {
    if (typeof op.insert !== "string") {
      line.push(op);
      if (!isInlineEmbed(op.insert)) lineStandalone = false;
      continue;
    }
    let text = op.insert;
    for (let newline = text.indexOf("\n"); newline >= 0; newline = text.indexOf("\n")) {
      if (newline > 0) line.push(withInsert(op, text.slice(0, newline)));
      line.push(withInsert(op, "\n"));
      text = text.slice(newline + 1);
      const standalone = lineStandalone && hasOnlyStandaloneFormats(op.attributes);
      if (chunkLines >= linesPerChunk && previousStandalone && standalone) {
        chunks.push(chunk);
        chunk = [];
        chunkLines = 0;
      }
      chunk.push(...line);
      chunkLines += 1;
      previousStandalone = standalone;
      line = [];
      lineStandalone = true;
    }
    if (text.length > 0) line.push(withInsert(op, text));
  }
  chunk.push(...line);
  chunks.push(chunk);
  return chunks;
}

function withInsert<Op extends ChunkOp>(op: Op, insert: string): Op {
  return op.insert === insert ? op : { ...op, insert };
}

function isInlineEmbed(insert: unknown): boolean {
  if (typeof insert !== "object" || insert === null) return false;
  const keys = Object.keys(insert);
  return keys.length === 1 && INLINE_EMBEDS.has(keys[0] ?? "");
}

function hasOnlyStandaloneFormats(attributes: Record<string, unknown> | undefined): boolean {
  return Object.keys(attributes ?? {}).every((name) => STANDALONE_LINE_FORMATS.has(name));
}
