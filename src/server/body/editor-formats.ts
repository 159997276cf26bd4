import {
  CODE_BLOCK_LANGUAGES,
  EDITOR_ALIGNMENTS,
  type EditorAttribute,
  type EditorEmbed,
  EDITOR_FONTS,
  EDITOR_SIZES,
  HEADER_LEVELS,
  INDENT_LEVELS,
  LIST_KINDS,
  SCRIPTS,
} from "@/shared/editor-formats";
import { sanitizeImageUrl, sanitizeLinkUrl } from "@/shared/safe-urls";
import { TABLE_ROW_ID } from "@/shared/table-rules";
import type { MentionValue } from "@/shared/mentions";
import { MENTION_EMBED, mentionValueOf } from "@/shared/mentions";

/**
 * The server's rule for each of the editor's formats (src/shared/editor-formats.ts, the table
 * the toolbar is built from), and the only attributes the server keeps. One table serves the
 * delta sanitiser, the collaboration guard and the renderer.
 */

/** A value a kept attribute may hold. */
export type AttributeValue = string | number | boolean;

/** Returns the safe form of an attribute value, or undefined to drop the attribute. */
export type AttributeRule = (value: unknown) => AttributeValue | undefined;

/**
 * Attribute name → rule. Anything not listed here is dropped. Typed by the shared list of names,
 * so the API's delta schema (shared/schemas/delta.ts) accepts exactly the names that have a rule.
 */
export const FORMAT_RULES: Readonly<Record<EditorAttribute, AttributeRule>> = {
  // Block formats (they sit on the line's "\n").
  header: oneOf(HEADER_LEVELS),
  list: oneOf(LIST_KINDS),
  indent: oneOf(INDENT_LEVELS),
  align: oneOf(EDITOR_ALIGNMENTS),
  blockquote: flag,
  // Quill's syntax module reports an unknown language as "plain" (quill/modules/syntax.js).
  "code-block": (value) => (value === true ? "plain" : oneOf(CODE_BLOCK_LANGUAGES)(value)),
  // A table cell's row id (shared/table-rules.ts); the header row is a flag beside it.
  table: tableRowId,
  "table-header": flag,
  // Inline formats.
  font: oneOf(EDITOR_FONTS),
  size: oneOf(EDITOR_SIZES),
  bold: flag,
  italic: flag,
  underline: flag,
  strike: flag,
  code: flag,
  script: oneOf(SCRIPTS),
  color: cssColor,
  background: cssColor,
  // Seed §5: anything but http, https, mailto and tel becomes about:blank (never dropped).
  link: (value) => sanitizeLinkUrl(value),
  // Image embed attributes (quill/formats/image.js ATTRIBUTES).
  width: dimension,
  height: dimension,
  alt: (value) => (typeof value === "string" ? cleanString(value) : undefined),
};

/** A kept embed's value: a scalar, or a member mention's `{ id, name }` (shared/mentions.ts). */
export type EmbedValue = AttributeValue | MentionValue;

/** Returns the safe form of an embed's value, or undefined to drop the embed. */
export type EmbedRule = (value: unknown) => EmbedValue | undefined;

/** Embed name → rule. Video is not in the toolbar, so it is not here: it is dropped (the API refuses it). */
export const EMBED_RULES: Readonly<Record<EditorEmbed, EmbedRule>> = {
  // Seed §5: http, https or data (raster types only), else "" (blank). `true` is what Quill's
  // own getContents() reports for an image without a src (parchment's EmbedBlot.value), so a
  // blank image that went through an editor comes back as `true`: keep it, it renders no src.
  image: (value) => (value === true ? true : sanitizeImageUrl(value)),
  // KaTeX renders it with trust off (see render-delta-html.ts), so any string is inert.
  formula: (value) => (typeof value === "string" ? cleanString(value) : undefined),
  // A member mention (shared/mentions.ts): a well-formed id and a clean name, else dropped.
  // Kept whether or not the person is (still) a member: they may have been removed, and it
  // then shows its stored name.
  [MENTION_EMBED]: (value) => {
    const mention = mentionValueOf({ [MENTION_EMBED]: value });
    return mention ? { id: mention.id, name: cleanString(mention.name) } : undefined;
  },
};

/** Whether two embed values are the same (a mention's by its fields, scalars by identity). */
export function sameEmbedValue(a: unknown, b: unknown): boolean {
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) return a === b;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => left[key] === right[key]);
}

/** Whether `name` has a rule (own properties only: "__proto__" or "toString" never match). */
export function hasRule<K extends string, T>(rules: Readonly<Record<K, T>>, name: string): name is K {
  return Object.prototype.hasOwnProperty.call(rules, name);
}

/**
 * Removes what PostgreSQL cannot store and what no editor produces: NUL characters (text and
 * jsonb refuse them) and lone UTF-16 surrogates (jsonb refuses them), which become U+FFFD.
 */
export function cleanString(value: string): string {
  return value.replace(/\u0000/g, "").replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
}

function oneOf<T extends AttributeValue>(allowed: readonly T[]): AttributeRule {
  return (value) => (allowed as readonly unknown[]).includes(value) ? (value as T) : undefined;
}

function flag(value: unknown): AttributeValue | undefined {
  return value === true ? true : undefined;
}

// A colour is a #hex, rgb()/rgba() of numbers, or a keyword of letters: nothing that can hold
// url(, expression(, quotes, semicolons or escapes, so a style attribute built from it stays one
// declaration. Quill itself stores hex (ColorAttributor turns rgb() into #rrggbb).
const HEX_COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB_COLOR = /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(?:,\s*(?:0|1|0?\.\d{1,4}|\d{1,3}%)\s*)?\)$/i;
const NAMED_COLOR = /^[a-z]{3,30}$/i;

function cssColor(value: unknown): AttributeValue | undefined {
  if (typeof value !== "string") return undefined;
  return HEX_COLOR.test(value) || RGB_COLOR.test(value) || NAMED_COLOR.test(value) ? value : undefined;
}

// A row id as Quill and the editor write it, or the row number Quill's clipboard gives a pasted
// row: nothing else, since it becomes a data-row attribute and a cell's identity.
function tableRowId(value: unknown): AttributeValue | undefined {
  if (typeof value === "number") return Number.isInteger(value) && value > 0 && value <= 1_000_000 ? value : undefined;
  return typeof value === "string" && TABLE_ROW_ID.test(value) ? value : undefined;
}

// Image sizes as Quill writes them into width/height attributes: a number, optionally px or %.
const DIMENSION = /^\d{1,5}(?:\.\d{1,3})?(?:px|%)?$/;

function dimension(value: unknown): AttributeValue | undefined {
  if (typeof value === "number" && Number.isFinite(value) && value >= 0) return value;
  return typeof value === "string" && DIMENSION.test(value) ? value : undefined;
}
