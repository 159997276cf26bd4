import { formatTime, knownTimeZone } from "./format-time";

/** The placeholders a template may hold (docs/product.md "Templates"); any other `{{name}}` stays as typed. */
export const TEMPLATE_PLACEHOLDERS = ["date", "time", "author", "title"] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
export type PlaceholderValues = Record<TemplatePlaceholder, string>;

/** Spaces inside the braces are allowed ("{{ date }}"), as people type them both ways; names are case-insensitive. */
const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/**
 * The values for a document made at `now` by `author`, in the creator's time zone: the date and
 * time read as the app shows them everywhere (shared/format-time.ts: "Nov 26, 2026", "3:05 PM").
 * An unknown or missing zone is UTC, as the server renders times before the browser reports one.
 */
export function placeholderValues(input: { now: Date; timeZone?: string | null; author: string; title: string }): PlaceholderValues {
  const zone = knownTimeZone(input.timeZone) ?? "UTC";
  const iso = input.now.toISOString();
  // ICU puts a narrow no-break space before "AM"; in a document's text it should be the space people type.
  const time = new Intl.DateTimeFormat("en", { timeStyle: "short", timeZone: zone }).format(input.now).replace(/\u202f/g, " ");
  return { date: formatTime(iso, "date", zone), time, author: input.author, title: input.title };
}

/** `text` with every known placeholder replaced; unknown names are left exactly as typed. */
export function fillPlaceholderText(text: string, values: PlaceholderValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const key = name.toLowerCase();
    return (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(key) ? values[key as TemplatePlaceholder] : whole;
  });
}

/** A filled template body as the editor inserts it: text and embeds only (it was sanitised when stored). */
export interface FilledDelta {
  ops: Array<{ insert: string | Record<string, unknown>; attributes?: Record<string, unknown> }>;
}

interface InsertOp {
  insert?: unknown;
  attributes?: Record<string, unknown>;
}

/**
 * A delta with the placeholders of its text inserts filled, formatting kept (a placeholder takes
 * the attributes of the text it sits in). Embeds (images, formulas, whatever a later format adds)
 * pass through as they are. A placeholder split across two differently formatted runs
 * ("{{da" bold, "te}}" plain) is not one placeholder and stays as typed.
 */
export function fillPlaceholders<D extends { ops: InsertOp[] }>(delta: D, values: PlaceholderValues): D {
  return {
    ...delta,
    ops: delta.ops.map((op) => (typeof op.insert === "string" && op.insert.includes("{{") ? { ...op, insert: fillPlaceholderText(op.insert, values) } : op)),
  };
}
