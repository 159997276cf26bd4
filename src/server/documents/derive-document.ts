import type { SQL, SQLWrapper } from "drizzle-orm";
import { sql } from "drizzle-orm";
import * as Y from "yjs";
import { BODY_YTEXT } from "../../shared/editor-rules";
import { documents } from "../db/schema";
import { deltaToPlainText, renderDeltaHtml } from "./render-delta-html";
import type { BodyDelta } from "./sanitize-delta";
import { sanitizeDelta } from "./sanitize-delta";

/** What a document's stored columns hold besides its Yjs state, all derived from that state. */
export interface DerivedDocument {
  /** The body as a sanitised Quill delta ending in "\n" (`documents.content`). */
  content: BodyDelta;
  /** The body's plain text, as Quill's getText() gives it (`documents.text`). */
  text: string;
  /** The body rendered to the editor's HTML and allow-listed (`documents.html`). */
  html: string;
  /** The `documents.search_vector` value for an UPDATE of that row: its title (A) and this text (B). */
  searchVector: SQL;
}

/** The columns derived from the body alone: plain data, so a worker thread can send them back. */
export type DerivedBody = Omit<DerivedDocument, "searchVector">;

/**
 * Derives a document's stored columns from its Yjs state (a Y.Doc, or an encoded update).
 * The Y.Doc is only read. Rendering dominates the cost (see renderDeltaHtml).
 */
export async function deriveDocument(state: Y.Doc | Uint8Array): Promise<DerivedDocument> {
  const body = await deriveBody(state);
  return { ...body, searchVector: searchVectorSql(documents.title, body.text) };
}

/** The body's delta, text and HTML. */
export async function deriveBody(state: Y.Doc | Uint8Array): Promise<DerivedBody> {
  const content = bodyDelta(state);
  const text = deltaToPlainText(content);
  const html = await renderDeltaHtml(content);
  return { content, text, html };
}

/** The body of a Yjs document as a sanitised Quill document delta, always ending in "\n". */
export function bodyDelta(state: Y.Doc | Uint8Array): BodyDelta {
  const doc = state instanceof Y.Doc ? state : decodeDoc(state);
  try {
    // y-quill stores Quill's ops in the Y.Text as they are: text, embeds as objects, attributes.
    const { delta } = sanitizeDelta({ ops: doc.getText(BODY_YTEXT).toDelta() });
    // Quill's document always ends with a newline, which y-quill's Y.Text need not contain.
    const last = delta.ops.at(-1);
    if (!last || typeof last.insert !== "string" || !last.insert.endsWith("\n")) delta.ops.push({ insert: "\n" });
    return delta;
  } finally {
    if (doc !== state) doc.destroy();
  }
}

/**
 * The text search configuration for documents. 'simple' lower-cases words without stemming or
 * stop words: teams write in many languages and paste code, and an English stemmer would mangle
 * both (and drop "the", "not", "and" from phrase searches). Queries must use the same config.
 */
export const SEARCH_CONFIG = "simple";

/**
 * How much of a body the search vector covers. A tsvector holds at most 1 MB, and a body at the
 * 1,000,000-character limit made of distinct words overflows it (error 54000), which would fail
 * the whole store, Yjs state included. Distinct one-letter words cost ~5.5 bytes per character,
 * so 150,000 characters (about 25,000 words) always fit.
 */
export const MAX_INDEXED_CHARS = 150_000;

/**
 * The search vector of a title (weight A) and a body text (weight B), as an SQL expression. Pass
 * `documents.title` to use the row's own title in an UPDATE, or a string for a new title.
 */
export function searchVectorSql(title: SQLWrapper | string, text: string): SQL {
  // Explicit ::text casts: to_tsvector also takes json and jsonb, so an untyped parameter is ambiguous.
  const config = sql.raw(`'${SEARCH_CONFIG}'::regconfig`);
  const titleValue = typeof title === "string" ? sql`${title}::text` : sql`${title}`;
  const indexed = truncate(text, MAX_INDEXED_CHARS);
  return sql`setweight(to_tsvector(${config}, ${titleValue}), 'A') || setweight(to_tsvector(${config}, ${indexed}::text), 'B')`;
}

function truncate(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut; // never end on half a surrogate pair
}

function decodeDoc(update: Uint8Array): Y.Doc {
  const doc = new Y.Doc({ gc: true });
  Y.applyUpdate(doc, update);
  return doc;
}
