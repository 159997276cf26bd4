import type { SerializerOptions } from "@electric-sql/pglite";
import { types } from "@electric-sql/pglite";

/**
 * Text and jsonb parameters for PGlite as UTF-8 bytes in PostgreSQL's binary format, the same
 * bytes PGlite would send (issue 13.6). PGlite measures each string parameter's UTF-8 length in a
 * JavaScript loop over its characters before encoding it: for a 150 KB document's body (its
 * text, HTML and delta, ~700,000 characters in one insert or save) that was ~8 ms of the main
 * thread. Node's encoder does both at once. The binary form of text is its UTF-8 bytes, and of
 * jsonb a version byte (1) and the JSON text, which `textrecv` and `jsonb_recv` check and parse as
 * the text forms are. pglite-text.test.ts pins the stored values against PGlite's own.
 */
export const textSerializers: SerializerOptions = {
  // PGlite types a serializer as returning a string; its bind sends a view as binary (BufferParameter).
  [types.TEXT]: serializeText as unknown as (value: unknown) => string,
  [types.JSONB]: serializeJsonb as unknown as (value: unknown) => string,
};

/** A text parameter's bytes: what PGlite's own serializer would make of the value (a Date as ISO text, else toString()). */
export function serializeText(value: unknown): Uint8Array {
  const text = value instanceof Date ? value.toISOString() : String(value);
  return Buffer.from(text, "utf8");
}

/** A jsonb parameter's bytes: version 1, then the JSON (a string as given, anything else stringified as PGlite does, bigints as text). */
export function serializeJsonb(value: unknown): Uint8Array {
  const json = typeof value === "string" ? value : JSON.stringify(value, (_key, item: unknown) => (typeof item === "bigint" ? item.toString() : item));
  const bytes = Buffer.allocUnsafe(1 + Buffer.byteLength(json, "utf8"));
  bytes[0] = JSONB_VERSION;
  bytes.write(json, 1, "utf8");
  return bytes;
}

/** The only version of jsonb's binary format (jsonb_recv refuses others). */
const JSONB_VERSION = 1;
