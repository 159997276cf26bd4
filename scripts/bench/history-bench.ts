import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { openDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { listRevisions } from "@/server/services/revisions/list-revisions";
import { writeBenchSection } from "./benchmarks-doc";

// `npm run bench:history` (issue #6, "long histories page and stay fast"): the time to fetch one
// 25-revision page of a document's timeline with 100 to 50,000 revisions, on the embedded
// database. The baseline is the 100-revision document in the same run: a keyset page should cost
// the same however long the history is and however deep the page. Writes its section of
// docs/benchmarks.md; `-- --quick` runs two small histories and writes nothing (CI's smoke run).
const OUTPUT = path.resolve(import.meta.dirname, "../../docs/benchmarks.md");
const isQuick = process.argv.includes("--quick");
const SIZES = (isQuick ? "100,500" : (process.env.HISTORY_BENCH_SIZES ?? "100,1000,10000,50000")).split(",").map(Number);
const SAMPLE_PAGES = isQuick ? 5 : 40; // timed page fetches per position (first page, and pages walked to the end)
const TARGET_RATIO = 2; // a page at any size and depth within 2× the baseline's first page

const handle = await openDatabase({});
await migrateDatabase(handle);
const db = handle.db;
const owner = await buildUser(db);
const workspace = await buildWorkspace(db, [{ actor: owner, role: "owner" }]);
const ctx = contextFor(db, owner);

interface Row {
  revisions: number;
  firstPage: { p50: number; p95: number };
  deepPage: { p50: number; p95: number; depth: number };
}
const rows: Row[] = [];
// A throwaway document first, so the baseline (the first size) does not pay for JIT warm-up.
const warmup = await buildDocument(db, workspace.id, { title: "Warm-up" });
await seedRevisions(warmup.id, 100);
for (let i = 0; i < 100; i += 1) await listRevisions(ctx, warmup.id);

for (const size of SIZES) {
  const doc = await buildDocument(db, workspace.id, { title: `History of ${size}` });
  await seedRevisions(doc.id, size);

  for (let i = 0; i < 10; i += 1) await listRevisions(ctx, doc.id); // warm-up: plans and caches
  const first: number[] = [];
  for (let i = 0; i < SAMPLE_PAGES; i += 1) first.push(await timed(() => listRevisions(ctx, doc.id)));

  // Walk to the last page, timing the last SAMPLE_PAGES fetches (the deepest ones).
  const deep: number[] = [];
  let cursor: string | null = null;
  let depth = 0;
  do {
    const started = performance.now();
    const page = await listRevisions(ctx, doc.id, { cursor });
    deep.push(performance.now() - started);
    cursor = page.nextCursor;
    depth += 1;
  } while (cursor);
  rows.push({ revisions: size, firstPage: stats(first), deepPage: { ...stats(deep.slice(-SAMPLE_PAGES)), depth } });
  console.log(`[bench:history] ${size} revisions: first page p50 ${ms(stats(first).p50)}, deepest pages p50 ${ms(stats(deep.slice(-SAMPLE_PAGES)).p50)} (page ${depth})`);
}
await handle.close();

const baseline = rows[0]?.firstPage.p50 ?? 1;
const worst = Math.max(...rows.flatMap((row) => [row.firstPage.p50, row.deepPage.p50])) / baseline;
const table = rows
  .map((row) => `| ${row.revisions.toLocaleString("en")} | ${ms(row.firstPage.p50)} / ${ms(row.firstPage.p95)} | ${ms(row.deepPage.p50)} / ${ms(row.deepPage.p95)} (page ${row.deepPage.depth.toLocaleString("en")}) | ${(row.deepPage.p50 / baseline).toFixed(2)}× |`)
  .join("\n");
const section = `## Version history (issue #6)

\`npm run bench:history\` — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}, PGlite in memory.

One document's timeline, 25 revisions a page (\`listRevisions\`: the access check, the keyset
query on \`revisions_document_created_idx\` and the authors' names). Each size is a new document
with that many revisions; "deepest pages" are the last ${SAMPLE_PAGES} pages of a walk through
the whole history by cursor. Times are p50 / p95 of ${SAMPLE_PAGES} fetches; the ratio is the
deepest pages' p50 against the 100-revision document's first page in the same run.

| revisions | first page | deepest pages | ratio |
|---|---|---|---|
${table}

**Target: every page within ${TARGET_RATIO}× of the baseline — ${worst <= TARGET_RATIO ? "met" : "not met"}** (worst ${worst.toFixed(2)}×).
`;
if (isQuick) {
  console.log(`${section}\n[bench:history] quick smoke run: every step ran; nothing written`);
} else {
  writeBenchSection(OUTPUT, "history", section);
  console.log(`[bench:history] worst ratio ${worst.toFixed(2)}× (target ${TARGET_RATIO}×); wrote ${path.relative(process.cwd(), OUTPUT)}`);
}

// One statement: revisions a minute apart, each a small body, as auto revisions would be.
async function seedRevisions(documentId: string, count: number): Promise<void> {
  await db.execute(sql`
    insert into revisions (document_id, workspace_id, kind, title, delta, size, created_by, author_ids, created_at)
    select ${documentId}, ${workspace.id}, 'auto', 'History', jsonb_build_object('ops', jsonb_build_array(jsonb_build_object('insert', 'Version ' || n || E'\n'))),
           10, ${owner.id}, array[${owner.id}]::text[], now() - (n || ' minutes')::interval
    from generate_series(1, ${count}) as n`);
  await db.execute(sql`analyze revisions`);
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

function stats(values: number[]): { p50: number; p95: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

function ms(value: number): string {
  return `${value.toFixed(1)} ms`;
}
