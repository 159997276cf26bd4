import type { ParserOptions, SerializerOptions } from "@electric-sql/pglite";
import { types } from "@electric-sql/pglite";

/**
 * PGlite's own bytea handling, done faster with the same bytes (issue 13.6). PGlite writes a
 * bytea parameter as hex text built one byte at a time (`Array.from(bytes).map(toString(16))`)
 * and reads one back with a `parseInt` per byte: for a 150 KB document's ~290 KB Yjs state that
 * was ~45 ms of the main thread on every create and save, and ~20 ms on every load. Here a
 * parameter goes out in PostgreSQL's binary format, the bytes as they are (PGlite's bind sends a
 * serialised value that is an ArrayBuffer view that way, and `bytearecv` copies it), and a
 * result is decoded by Node's hex decoder into a fresh Uint8Array of its own, as PGlite's parser
 * returns: body work transfers these buffers to worker threads, so one must never be a slice of
 * Buffer's shared pool. pglite-bytea.test.ts pins both against PGlite's own.
 */
export const byteaSerializers: SerializerOptions = {
  // PGlite types a serializer as returning a string; its bind takes views too (BufferParameter).
  [types.BYTEA]: serializeBytea as unknown as (value: unknown) => string,
};
export const byteaParsers: ParserOptions = { [types.BYTEA]: parseBytea };

/** A bytea parameter as itself (binary format). @throws Error for anything but bytes, as PGlite's own does */
export function serializeBytea(value: unknown): Uint8Array {
  if (!(value instanceof Uint8Array)) throw new Error("Invalid input for bytea type");
  return value;
}

/** A bytea result in text format (`\x` and hex digits) as a fresh Uint8Array. */
export function parseBytea(text: string): Uint8Array {
  const decoded = Buffer.from(text.slice(2), "hex");
  const bytes = new Uint8Array(decoded.length);
  bytes.set(decoded);
  return bytes;
}
