import type { AttributeValue, EmbedValue } from "./editor-formats";
import { EMBED_RULES, FORMAT_RULES, cleanString, hasRule, sameEmbedValue } from "./editor-formats";

/** Attributes of one op, after sanitising: only whitelisted names, only safe values. */
export type BodyAttributes = Record<string, AttributeValue>;

/** One op of a document delta: text or a single-key embed, with optional attributes. */
export interface BodyOp {
  insert: string | Record<string, EmbedValue>;
  attributes?: BodyAttributes;
}

/** A Quill document delta (inserts only), as stored in `documents.content`. */
export interface BodyDelta {
  ops: BodyOp[];
}

/** The safe delta, and whether anything had to change to get it. */
export interface SanitizedDelta {
  delta: BodyDelta;
  changed: boolean;
}

/**
 * Makes any value safe to store and render as a document delta (docs/product.md "Editor rules", "Validation"):
 * links outside http/https/mailto/tel become about:blank, images outside http/https/raster
 * data: become "", unknown embeds (video included), malformed mentions and ops are dropped, attributes are kept
 * only when the toolbar can produce them with that value. Never throws.
 */
export function sanitizeDelta(input: unknown): SanitizedDelta {
  const rawOps = isRecord(input) && Array.isArray(input.ops) ? input.ops : null;
  if (!rawOps) return { delta: { ops: [] }, changed: true };
  const ops: BodyOp[] = [];
  let changed = false;
  for (const raw of rawOps) {
    const op = sanitizeOp(raw);
    if (op.changed) changed = true;
    if (op.value) ops.push(op.value);
  }
  return { delta: { ops }, changed };
}

/** The safe form of one attribute map; `changed` says whether anything was dropped or rewritten. */
export function sanitizeAttributes(input: unknown): { attributes: BodyAttributes | undefined; changed: boolean } {
  if (input === undefined) return { attributes: undefined, changed: false };
  if (!isRecord(input)) return { attributes: undefined, changed: true };
  const attributes: BodyAttributes = {};
  let changed = false;
  let count = 0;
  for (const [name, value] of Object.entries(input)) {
    const safe = sanitizeAttribute(name, value);
    if (safe !== value) changed = true;
    if (safe === undefined) continue;
    attributes[name] = safe;
    count += 1;
  }
  return { attributes: count > 0 ? attributes : undefined, changed };
}

/** The safe value of attribute `name`, or undefined when the attribute must be dropped. */
export function sanitizeAttribute(name: string, value: unknown): AttributeValue | undefined {
  if (!hasRule(FORMAT_RULES, name) || value === null || value === undefined) return undefined;
  return FORMAT_RULES[name]?.(value);
}

/** The safe form of an embed (`{ image: "…" }`, `{ mention: { id, name } }`), or undefined when it must be dropped. */
export function sanitizeEmbed(embed: unknown): Record<string, EmbedValue> | undefined {
  if (!isRecord(embed)) return undefined;
  const keys = Object.keys(embed);
  const [name] = keys;
  if (keys.length !== 1 || name === undefined || !hasRule(EMBED_RULES, name)) return undefined;
  const value = EMBED_RULES[name]?.(embed[name]);
  return value === undefined ? undefined : { [name]: value };
}

function sanitizeOp(raw: unknown): { value: BodyOp | null; changed: boolean } {
  // A document delta holds inserts only; retain/delete belong to change deltas.
  if (!isRecord(raw) || !("insert" in raw)) return { value: null, changed: true };
  const { attributes, changed: attributesChanged } = sanitizeAttributes(raw.attributes);
  // A header-row mark means nothing off a table cell (shared/table-formats.ts).
  let headerDropped = false;
  if (attributes && attributes["table-header"] !== undefined && attributes.table === undefined) {
    delete attributes["table-header"];
    headerDropped = true;
  }
  const extraKeys = Object.keys(raw).some((key) => key !== "insert" && key !== "attributes");
  let changed = attributesChanged || extraKeys || headerDropped;
  let insert: BodyOp["insert"];
  if (typeof raw.insert === "string") {
    insert = cleanString(raw.insert);
    if (insert !== raw.insert) changed = true;
    if (insert === "") return { value: null, changed: true };
  } else {
    const embed = sanitizeEmbed(raw.insert);
    if (!embed) return { value: null, changed: true };
    if (!sameEmbed(embed, raw.insert)) changed = true;
    insert = embed;
  }
  const kept = attributes && Object.keys(attributes).length > 0 ? attributes : undefined;
  return { value: kept ? { insert, attributes: kept } : { insert }, changed };
}

function sameEmbed(embed: Record<string, EmbedValue>, raw: unknown): boolean {
  if (!isRecord(raw)) return false;
  const [name] = Object.keys(embed);
  return name !== undefined && sameEmbedValue(raw[name], embed[name]);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
