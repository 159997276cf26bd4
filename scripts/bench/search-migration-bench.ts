import crypto from "node:crypto";
import os from "node:os";
import { sql } from "drizzle-orm";
import { buildUser, buildWorkspace, contextFor } from "@test/factories";
import type { DbHandle } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { searchDocuments } from "@/server/services/search/search-documents";
import { withBenchDatabase } from "./bench-database";
import { migrateDatabaseBefore } from "./migrations-before";
import { generateCorpus, insertCorpus } from "./search-corpus";
import { seededRandom } from "./seeded-random";
import type { WordModel } from "./word-model";
import { buildWordModel } from "./word-model";

// `node --import tsx scripts/bench/search-migration-bench.ts [--target=pglite|postgres]
// [--documents=N] [--japanese]`: what migration 0018 (multilingual search: the search vector and
// the title index computed again for every row) costs a workspace of N documents (default 10,000
// on PGlite, 100,000 on PostgreSQL, the search bench's corpus: ~500 words each). The database is
// migrated up to the migration before, the documents are inserted, then 0018 is timed. With
// --japanese the bodies and titles are the same words spelled as 1–3 Han or kana characters
// without spaces (a stand-in for Japanese text), and after the migration a few searches are
// timed: a common two-character word, a rarer one, one with an exclusion. PostgreSQL is
// DATABASE_URL, else a throwaway Debian PostgreSQL 15 under /tmp. Prints; writes nothing.
const MIGRATION = "0018_multilingual_search";
const target = process.argv.find((arg) => arg.startsWith("--target="))?.slice("--target=".length) ?? "pglite";
const count = Number(process.argv.find((arg) => arg.startsWith("--documents="))?.slice("--documents=".length) ?? (target === "pglite" ? 10_000 : 100_000));
const isJapanese = process.argv.includes("--japanese");
const began = performance.now();
const log = (message: string) => console.log(`[search-migration ${((performance.now() - began) / 1000).toFixed(0).padStart(4)} s] ${message}`);

const model = buildWordModel();
const spell = japaneseSpelling(model);
await withBenchDatabase(target, "quire_search_migration", run);

async function run(handle: DbHandle): Promise<void> {
  try {
    await migrateDatabaseBefore(handle, MIGRATION);
    const owner = await buildUser(handle.db);
    const workspace = await buildWorkspace(handle.db, [{ actor: owner, role: "owner" }]);
    const random = seededRandom(5);
    const insertStart = performance.now();
    const restore = await dropSearchIndexes(handle);
    for (let have = 0; have < count; ) {
      const rows = generateCorpus(model, random, have, Math.min(500, count - have));
      await insertCorpus(
        handle.db,
        workspace.id,
        rows.map(({ words: _words, ...row }) => ({ ...row, ...(isJapanese ? { title: spell(row.title), text: spell(row.text) } : {}) })),
      );
      have += rows.length;
      if (have % 20_000 === 0) log(`${have.toLocaleString("en")} documents`);
    }
    await restore();
    await handle.db.execute(sql.raw(handle.driver.kind === "pglite" ? "analyze documents" : "vacuum analyze documents"));
    const size = await tableSize(handle);
    log(`${handle.driver.kind}: ${count.toLocaleString("en")} ${isJapanese ? "Japanese-like" : "English"} documents inserted in ${((performance.now() - insertStart) / 1000).toFixed(1)} s; documents ${size}`);
    const migrationStart = performance.now();
    await migrateDatabase(handle);
    log(`migration ${MIGRATION}: ${((performance.now() - migrationStart) / 1000).toFixed(1)} s; documents ${await tableSize(handle)} after`);
    if (isJapanese) await timeSearches(handle, owner, workspace.id);
  } finally {
    await handle.close();
  }
}

async function timeSearches(handle: DbHandle, owner: Awaited<ReturnType<typeof buildUser>>, workspaceId: string): Promise<void> {
  await handle.db.execute(sql.raw(handle.driver.kind === "pglite" ? "analyze documents" : "vacuum analyze documents"));
  const ctx = contextFor(handle.db, owner);
  const twoCharacters = model.words.map(spell).filter((word) => [...word].length === 2);
  const queries = {
    "common word": twoCharacters.slice(0, 4),
    "rarer word": twoCharacters.slice(400, 404),
    exclusion: twoCharacters.slice(0, 4).map((word, i) => `${word} -${twoCharacters[i + 10]}`),
  };
  for (const [category, list] of Object.entries(queries)) {
    const times: number[] = [];
    let window = 0;
    let found = 0;
    for (let run = 0; run < 23; run += 1) {
      const query = list[run % list.length] ?? "";
      const start = performance.now();
      const page = await searchDocuments(ctx, { workspace: { id: workspaceId }, query });
      if (run >= 3) times.push(performance.now() - start);
      if (page.phraseWindow !== null) window += 1;
      found = Math.max(found, page.results.length);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]?.toFixed(1);
    log(`  ${category} (${list.join(", ")}): p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, ${found} results a page, phrase window on ${window} of 23, load ${os.loadavg()[0]?.toFixed(1)}`);
  }
}

/** The migrations folder as it was before `tag`: a copy whose journal stops short of it. */
// As search-bench.ts loads its corpus: GIN indexes built once after the rows, not row by row.
async function dropSearchIndexes(handle: DbHandle): Promise<() => Promise<void>> {
  const { rows } = (await handle.db.execute(
    sql`select indexname, indexdef from pg_indexes where tablename = 'documents' and indexdef ilike '%using gin%'`,
  )) as unknown as { rows: Array<{ indexname: string; indexdef: string }> };
  for (const row of rows) await handle.db.execute(sql.raw(`drop index "${row.indexname}"`));
  return async () => {
    for (const row of rows) await handle.db.execute(sql.raw(row.indexdef));
  };
}

async function tableSize(handle: DbHandle): Promise<string> {
  const { rows } = (await handle.db.execute(sql`select pg_size_pretty(pg_total_relation_size('documents')) as size`)) as unknown as { rows: Array<{ size: string }> };
  return rows[0]?.size ?? "?";
}

/**
 * Each word of the model spelled as 1–3 characters (frequent words shorter, as in Japanese), from
 * common kanji and hiragana, the same for the same word; words run together, a sentence ends in 。.
 */
function japaneseSpelling(words: WordModel): (text: string) => string {
  const pool = [...Array.from({ length: 2500 }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919) % 20992))), ..."あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん"];
  const spelled = new Map<string, string>();
  words.words.forEach((word, rank) => {
    const hash = crypto.createHash("sha1").update(word).digest();
    const length = rank < 50 ? 1 + (hash[0]! % 2) : rank < 5000 ? 2 : 2 + (hash[0]! % 2);
    spelled.set(word, Array.from({ length }, (_, i) => pool[hash.readUInt16BE(1 + 2 * i) % pool.length]).join(""));
  });
  return (text) =>
    text
      .replace(/[A-Za-z]+/g, (word) => spelled.get(word.toLowerCase()) ?? word)
      .replace(/\. ?/g, "。")
      .replace(/ /g, "");
}
