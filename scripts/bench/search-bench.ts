import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { buildUser, buildWorkspace, contextFor } from "@test/factories";
import { adminQuery } from "@test/test-db";
import type { Actor } from "@/server/context";
import type { DbHandle } from "@/server/db/client";
import { openDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { documents } from "@/server/db/schema";
import { needsPhraseWindow, PHRASE_WINDOW, rankedMatchesSql } from "@/server/services/search/internal/ranked-matches";
import { searchDocuments } from "@/server/services/search/search-documents";
import { writeBenchSection } from "./benchmarks-doc";
import { generateCorpus } from "./search-corpus";
import { seededRandom } from "./seeded-random";
import type { CategoryResult, SearchBenchResults, TargetResult } from "./search-report";
import { formatSearchSection } from "./search-report";
import { benchPostgres } from "./throwaway-postgres";
import { buildWordModel } from "./word-model";

// `npm run bench:search` (issue #5): p50/p95 latency of searchDocuments (the ranked query, the
// snippets and the paths of one 20-result page) at 1,000, 10,000 and 100,000 documents of ~500
// words, on PGlite and on PostgreSQL. Writes its section of docs/benchmarks.md. `-- --quick` runs
// 300 documents and a few queries on each target and writes nothing: CI's smoke run.
// `-- --keep-db=<name>` (with DATABASE_URL) seeds PostgreSQL into database <name> and keeps it, and
// a later run with the same flag times the documents already there instead of inserting them
// again (100,000 take about a minute): for trying query changes. It writes nothing either, since
// its insert times and PGlite figures are not a full run's.
const OUTPUT = path.resolve(import.meta.dirname, "../../docs/benchmarks.md");
const isQuick = process.argv.includes("--quick");
const keptDatabase = process.argv.find((arg) => arg.startsWith("--keep-db="))?.slice("--keep-db=".length) ?? null;
if (keptDatabase !== null && !/^[a-z_][a-z0-9_]*$/.test(keptDatabase)) throw new Error("--keep-db takes a database name of lower-case letters, digits and _");
if (keptDatabase !== null && !process.env.DATABASE_URL) throw new Error("--keep-db needs DATABASE_URL: a throwaway server goes with its databases");
// PGlite stops at 10,000 by default: inserting 100,000 documents into it takes over 10 minutes
// here (WebAssembly, one core; the GIN indexes are maintained row by row). Its goal is at 10,000.
const SIZES = {
  PGlite: sizes(isQuick ? "300" : (process.env.SEARCH_BENCH_PGLITE_SIZES ?? "1000,10000")),
  PostgreSQL: sizes(isQuick ? "300" : (process.env.SEARCH_BENCH_PG_SIZES ?? "1000,10000,100000")),
};
const RUNS = isQuick ? 2 : 30; // timed runs per query category and size, after WARMUP untimed ones
const WARMUP = isQuick ? 1 : 3;
const CORPUS_SEED = 5;

const began = performance.now();
const log = (message: string) => console.log(`[bench:search ${((performance.now() - began) / 1000).toFixed(0).padStart(3)} s] ${message}`);

const model = buildWordModel();
log(`word model: ${model.realWords} real words from ${model.sourceWords} in the editing traces, exponent ${model.exponent.toFixed(2)}, extended to ${model.words.length}`);
const queries = pickQueries();

const targets: TargetResult[] = [];
targets.push(await benchTarget("PGlite", "the embedded database, in memory, in this process", () => openDatabase({})));
const postgres = await benchPostgres();
if (postgres) {
  const name = keptDatabase ?? `quire_search_bench_${crypto.randomBytes(4).toString("hex")}`;
  try {
    if (!keptDatabase || !(await databaseExists(postgres.url, name))) await adminQuery(postgres.url, `create database ${name}`);
    const url = new URL(postgres.url);
    url.pathname = `/${name}`;
    targets.push(await benchTarget("PostgreSQL", postgres.origin, () => openDatabase({ url: url.toString() })));
    if (!keptDatabase) await adminQuery(postgres.url, `drop database if exists ${name} with (force)`);
  } finally {
    postgres.stop();
  }
} else {
  targets.push({ name: "PostgreSQL", origin: "", sizes: [], plans: [], skipped: "no DATABASE_URL and no /usr/lib/postgresql/15/bin/initdb: skipped" });
}

const results: SearchBenchResults = {
  machine: machine(),
  model: { realWords: model.realWords, sourceWords: model.sourceWords, exponent: model.exponent, vocabulary: model.words.length },
  queries,
  targets,
  seconds: (performance.now() - began) / 1000,
};
const section = formatSearchSection(results);
console.log(`\n${section}\n`);
if (isQuick || keptDatabase) {
  log(`${isQuick ? "quick smoke run" : "kept database"}: every step ran; nothing written`);
} else {
  writeBenchSection(OUTPUT, "search", section);
  log(`wrote docs/benchmarks.md (section "search")`);
}

async function benchTarget(name: TargetResult["name"], origin: string, open: () => Promise<DbHandle>): Promise<TargetResult> {
  log(`${name}: opening and migrating…`);
  const handle = await open();
  try {
    await migrateDatabase(handle);
    const kept = keptDatabase && handle.driver.kind !== "pglite" ? await findKeptWorkspace(handle) : null;
    const owner = kept?.owner ?? (await buildUser(handle.db));
    const workspace = kept?.workspace ?? (await buildWorkspace(handle.db, [{ actor: owner, role: "owner" }]));
    const ctx = contextFor(handle.db, owner);
    const random = seededRandom(CORPUS_SEED);
    const measured = [];
    let have = 0;
    if (kept) {
      // Draw the kept documents again, unwritten, so the ones added after them are the same as a fresh run's.
      for (let done = 0; done < kept.documents; done += 1000) generateCorpus(model, random, done, Math.min(1000, kept.documents - done));
      have = kept.documents;
      log(`${name}: reusing the ${have.toLocaleString("en")} documents of kept database ${keptDatabase}; smaller sizes are not timed`);
    }
    for (const size of SIZES[name]) {
      if (size < have) continue;
      const insertStart = performance.now();
      const batch = handle.driver.kind === "pglite" ? 250 : 1000;
      // Bulk-load practice: the GIN indexes (fastupdate off, so maintained row by row) are dropped
      // while rows arrive and built again from their own definitions, several times faster.
      const restore = have < size ? await dropSearchIndexes(handle) : async () => {};
      while (have < size) {
        const rows = generateCorpus(model, random, have, Math.min(batch, size - have));
        await handle.db.insert(documents).values(rows.map(({ words: _words, ...row }) => ({ ...row, workspaceId: workspace.id, createdAt: row.updatedAt })));
        have += rows.length;
        if (have % 10_000 === 0) log(`${name}: ${have.toLocaleString("en")} documents`);
      }
      await restore();
      const insertSec = (performance.now() - insertStart) / 1000;
      await handle.db.execute(sql.raw(handle.driver.kind === "pglite" ? "analyze documents" : "vacuum analyze documents"));
      log(`${name}: ${size.toLocaleString("en")} documents (inserted in ${insertSec.toFixed(1)} s); timing queries…`);
      const load = os.loadavg()[0] ?? 0;
      const categories = await timeQueries(handle, ctx, workspace.id);
      measured.push({ documents: size, insertSec, categories, load: Math.max(load, os.loadavg()[0] ?? 0) });
      for (const c of categories) log(`  ${c.name}: p50 ${c.p50.toFixed(1)} ms, p95 ${c.p95.toFixed(1)} ms, ${Math.round(c.matches)} matches`);
    }
    const plans = [];
    // Nothing to explain on a target no size ran on (SEARCH_BENCH_PGLITE_SIZES= for a PostgreSQL-only run).
    for (const category of measured.length > 0 ? (["common word", "rare word", "phrase"] as const) : []) {
      // The last phrase is the slow one of the set: common words, a rare phrase.
      const query = (category === "phrase" ? queries[category].at(-1) : queries[category][0]) ?? "";
      plans.push({ category, query, plan: await explain(handle, workspace.id, query) });
    }
    return { name, origin, sizes: measured, plans };
  } finally {
    await handle.close();
  }
}

async function timeQueries(handle: DbHandle, ctx: ReturnType<typeof contextFor>, workspaceId: string): Promise<CategoryResult[]> {
  const names = Object.keys(queries) as Array<keyof typeof queries>;
  const samples = new Map<string, number[]>(names.map((n) => [n, []]));
  const matches = new Map<string, number[]>(names.map((n) => [n, []]));
  for (const name of names) {
    for (const query of queries[name]) {
      const counted = await handle.db
        .select({ n: sql<number>`count(*)` })
        .from(documents)
        .where(sql`${documents.workspaceId} = ${workspaceId} and ${documents.searchVector} @@ websearch_to_tsquery('simple', ${query}::text)`);
      matches.get(name)?.push(Number(counted[0]?.n ?? 0));
    }
  }
  for (let run = 0; run < WARMUP + RUNS; run += 1) {
    for (const name of names) {
      const list = queries[name];
      const query = list[run % list.length] ?? "";
      const start = performance.now();
      const page = await searchDocuments(ctx, { workspace: { id: workspaceId }, query });
      const ms = performance.now() - start;
      if (page.results.length === 0 && name === "common word") throw new Error(`no results for ${query}`);
      if (run >= WARMUP) samples.get(name)?.push(ms);
    }
  }
  return names.map((name) => {
    const sorted = (samples.get(name) ?? []).sort((a, b) => a - b);
    const counts = matches.get(name) ?? [];
    return {
      name,
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      max: sorted.at(-1) ?? 0,
      matches: counts.reduce((s, n) => s + n, 0) / Math.max(1, counts.length),
    };
  });
}

async function databaseExists(serverUrl: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

/** The bench's workspace in a kept database (the only one), its owner and how many documents it holds; null when not seeded yet. */
async function findKeptWorkspace(handle: DbHandle): Promise<{ workspace: { id: string }; owner: Actor; documents: number } | null> {
  const { rows } = (await handle.db.execute(sql`
    select w.id as workspace_id, u.id, u.name, u.email, u.color,
      (select count(*) from documents d where d.workspace_id = w.id)::int as documents
    from workspaces w join memberships m on m.workspace_id = w.id and m.role = 'owner' join users u on u.id = m.user_id
    limit 1`)) as unknown as { rows: Array<{ workspace_id: string; id: string; name: string; email: string; color: string; documents: number }> }; // both drivers: { rows }
  const row = rows[0];
  if (!row) return null;
  return { workspace: { id: row.workspace_id }, owner: { id: row.id, name: row.name, email: row.email, color: row.color, twoFactorEnabled: false }, documents: row.documents };
}

/** Drops the documents table's GIN indexes; the function returned creates them again as they were. */
async function dropSearchIndexes(handle: DbHandle): Promise<() => Promise<void>> {
  const { rows } = (await handle.db.execute(
    sql`select indexname, indexdef from pg_indexes where tablename = 'documents' and indexdef ilike '%using gin%'`,
  )) as unknown as { rows: Array<{ indexname: string; indexdef: string }> }; // both drivers: { rows }
  for (const row of rows) await handle.db.execute(sql.raw(`drop index "${row.indexname}"`));
  return async () => {
    await handle.db.execute(sql.raw("set maintenance_work_mem = '256MB'"));
    for (const row of rows) await handle.db.execute(sql.raw(row.indexdef));
  };
}

async function explain(handle: DbHandle, workspaceId: string, query: string): Promise<string> {
  const phraseWindow = (await needsPhraseWindow(handle.db, workspaceId, query)) ? PHRASE_WINDOW : null;
  const statement = sql`explain (analyze, costs off, timing off, summary on) ${rankedMatchesSql(workspaceId, query, { limit: 21, offset: 0 }, { phraseWindow })}`;
  const { rows } = (await handle.db.execute(statement)) as unknown as { rows: Array<Record<string, string>> }; // both drivers: { rows }
  return rows.map((row) => Object.values(row)[0]).join("\n");
}

/**
 * Realistic queries from the word model: common words (frequent real words of 5+ letters, found
 * in most documents), rare words (rank 20,000), two-word phrases taken from the corpus, and a
 * common word excluding another.
 */
function pickQueries() {
  const real = model.words.slice(0, model.realWords);
  // Words of prose, not the traces' LaTeX (\mathsf…).
  const common = real.slice(15, 200).filter((w) => w.length >= 5 && /^[a-z]+$/.test(w) && !w.startsWith("math")).slice(0, 4);
  // Invented words at rank 20,000: each in about one document in a thousand, like a name.
  const rare = model.words.slice(20_000, 20_004);
  // The first documents of every target's corpus (same seed; each document draws in turn).
  const sample = generateCorpus(model, seededRandom(CORPUS_SEED), 0, 8);
  const phrases = sample.map((doc) => {
    const sentences = doc.text.toLowerCase().split(/[.\n]/).map((s) => s.trim().split(" "));
    const pair = sentences.flatMap((w) => w.slice(1).map((b, i) => [w[i] ?? "", b])).find(([a, b]) => /^[a-z]{3,}$/.test(a ?? "") && /^[a-z]{3,}$/.test(b ?? ""));
    return `"${pair?.join(" ") ?? "the end"}"`;
  });
  const exclusion = common.map((w, i) => `${w} -${common[(i + 1) % common.length]}`);
  return { "common word": common, "rare word": rare, phrase: phrases.slice(0, 4), exclusion };
}

function sizes(list: string): number[] {
  return list.split(",").map(Number).filter((n) => Number.isInteger(n) && n > 0);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
}

function machine(): string {
  const cpus = os.cpus();
  const date = new Date().toISOString().slice(0, 16).replace("T", " ");
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, Node ${process.version}, ${date} UTC`;
}
