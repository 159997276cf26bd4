import { PGlite, types } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { byteaParsers, byteaSerializers, parseBytea } from "./pglite-bytea";

// The fast bytea path must store and return exactly what PGlite's own does (a Yjs state is the
// source of truth of a body): one database with PGlite's handling, one with ours, same bytes in,
// same rows out, both ways across.
describe("PGlite bytea without per-byte hex", () => {
  let plain: PGlite;
  let fast: PGlite;
  beforeAll(async () => {
    plain = new PGlite();
    fast = new PGlite({ serializers: byteaSerializers, parsers: byteaParsers });
    for (const db of [plain, fast]) await db.exec("create table t (id int primary key, b bytea)");
  });
  afterAll(async () => {
    await plain.close();
    await fast.close();
  });

  const seeded = (length: number, seed: number) => Uint8Array.from({ length }, (_, i) => (i * 7919 + seed * 31 + (i >> 8)) & 255);
  const inside = new Uint8Array(64).fill(9);
  inside.set([0, 1, 92, 120, 255], 20);
  const cases: Array<[string, Uint8Array]> = [
    ["empty", new Uint8Array(0)],
    ["every byte value", Uint8Array.from({ length: 256 }, (_, i) => i)],
    ["a Yjs-state-sized array", seeded(300_000, 1)],
    ["a view into the middle of a larger buffer", inside.subarray(18, 30)],
    ["a Node Buffer", Buffer.from(seeded(5_000, 2))],
  ];

  it.each(cases)("stores and returns the same bytes as PGlite's own handling: %s", async (_label, bytes) => {
    const id = cases.findIndex(([, value]) => value === bytes);
    for (const db of [plain, fast]) await db.query("insert into t (id, b) values ($1, $2)", [id, bytes]);
    const hex = async (db: PGlite) => (await db.query<{ h: string }>("select encode(b, 'hex') as h from t where id = $1", [id])).rows[0]?.h;
    expect(await hex(fast)).toBe(await hex(plain));
    const read = async (db: PGlite) => (await db.query<{ b: Uint8Array }>("select b from t where id = $1", [id])).rows[0]?.b;
    const [ours, theirs] = [await read(fast), await read(plain)];
    expect(ours).toEqual(theirs);
    expect(Array.from(ours ?? [])).toEqual(Array.from(bytes));
    expect(ours?.constructor).toBe(Uint8Array);
  });

  it("returns arrays that own their whole buffer (body work transfers them to worker threads)", () => {
    const bytes = parseBytea("\\x00ff10");
    expect(Array.from(bytes)).toEqual([0, 255, 16]);
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.buffer.byteLength).toBe(3);
  });

  it("refuses anything but bytes for a bytea parameter, as PGlite does", async () => {
    await expect(fast.query("insert into t (id, b) values (99, $1)", ["\\x00"])).rejects.toThrow("Invalid input for bytea type");
    await expect(plain.query("insert into t (id, b) values (99, $1)", ["\\x00"])).rejects.toThrow("Invalid input for bytea type");
    expect(types.BYTEA).toBe(17);
  });
});
