import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textSerializers } from "./pglite-text";

// Text and jsonb parameters go out as UTF-8 bytes in binary format: the database must end up with
// exactly what PGlite's own text serialisation stores, and refuse what it refuses.
describe("PGlite text and jsonb parameters as bytes", () => {
  let plain: PGlite;
  let fast: PGlite;
  beforeAll(async () => {
    plain = new PGlite();
    fast = new PGlite({ serializers: textSerializers });
    for (const db of [plain, fast]) await db.exec("create table t (id int primary key, x text, j jsonb, tsv tsvector generated always as (to_tsvector('simple', x)) stored)");
  });
  afterAll(async () => {
    await plain.close();
    await fast.close();
  });

  const long = "Ünïcödé text, emoji 🎉, CJK 漢字, and a long run of words ".repeat(4_000);
  const texts: Array<[string, unknown]> = [
    ["empty", ""],
    ["ASCII", "plain words"],
    ["a 230 KB multi-byte body", long],
    ["quotes and backslashes", "it's \"quoted\" \\ and \\x00 as text"],
    ["a number", 42],
    ["a Date", new Date("2026-11-26T12:00:00.000Z")],
  ];
  const jsons: Array<[string, unknown]> = [
    ["a delta as drizzle passes it (a string)", JSON.stringify({ ops: [{ insert: "Hé 🎉\n", attributes: { bold: true } }] })],
    ["an object", { ops: [{ insert: long }], n: 1.5, nested: { deep: [null, true, "x"] } }],
    ["a bigint inside", { big: 12345678901234567890n }],
    ["a JSON string value", "\"just a string\""],
  ];

  it.each(texts)("stores text as PGlite does: %s", async (label, value) => {
    const id = texts.findIndex(([name]) => name === label);
    for (const db of [plain, fast]) await db.query("insert into t (id, x) values ($1, $2)", [id, value]);
    const read = async (db: PGlite) => (await db.query<{ x: string; tsv: string }>("select x, tsv::text as tsv from t where id = $1", [id])).rows[0];
    expect(await read(fast)).toEqual(await read(plain));
  });

  it.each(jsons)("stores jsonb as PGlite does: %s", async (label, value) => {
    const id = 100 + jsons.findIndex(([name]) => name === label);
    for (const db of [plain, fast]) await db.query("insert into t (id, j) values ($1, $2)", [id, value]);
    const read = async (db: PGlite) => (await db.query<{ j: string }>("select j::text as j from t where id = $1", [id])).rows[0]?.j;
    expect(await read(fast)).toBe(await read(plain));
  });

  it("refuses what PGlite refuses: malformed JSON and NUL characters", async () => {
    for (const db of [plain, fast]) {
      await expect(db.query("insert into t (id, j) values (900, $1)", ["{not json"])).rejects.toThrow(/invalid input syntax for type json/);
      await expect(db.query("insert into t (id, x) values (901, $1)", ["a\u0000b"])).rejects.toThrow();
    }
  });
});
