import { sql } from "drizzle-orm";
import { buildUser, buildWorkspace } from "@test/factories";
import type { DbHandle } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { documents } from "@/server/db/schema";
import { fileUrl } from "@/server/storage/file-urls";
import { generateText } from "./generate-text";
import { withBenchDatabase } from "./bench-database";
import { migrateDatabaseBefore } from "./migrations-before";

// `node --import tsx scripts/bench/image-ids-migration-bench.ts [--target=pglite|postgres]
// [--documents=N]`: what migration 0019 (documents.image_file_ids, a stored generated column
// computed from every body) costs a workspace of N documents of 500 words and two images each
// (default 10,000 on PGlite, 100,000 on PostgreSQL), and what it adds to storing one body of
// 100,000 words. The database is migrated up to the migration before, the documents are inserted,
// then 0019 is timed. PostgreSQL is DATABASE_URL, else a throwaway Debian PostgreSQL 15 under
// /tmp. Prints; writes nothing (docs/benchmarks.md "Signed image reads" quotes it).
const MIGRATION = "0019_published_image_ids";
const target = process.argv.find((arg) => arg.startsWith("--target="))?.slice("--target=".length) ?? "pglite";
const count = Number(process.argv.find((arg) => arg.startsWith("--documents="))?.slice("--documents=".length) ?? (target === "pglite" ? 10_000 : 100_000));

await withBenchDatabase(target, "quire_image_ids_migration", run);

async function run(handle: DbHandle): Promise<void> {
  try {
    await migrateDatabaseBefore(handle, MIGRATION);
    const owner = await buildUser(handle.db);
    const workspace = await buildWorkspace(handle.db, [{ actor: owner, role: "owner" }]);
    for (let have = 0; have < count; have += 500) {
      const rows = Array.from({ length: Math.min(500, count - have) }, (_, i) => ({
        id: `bench${String(have + i).padStart(7, "0")}`,
        workspaceId: workspace.id,
        position: `a${String(have + i).padStart(7, "0")}`,
        title: `Document ${have + i}`,
        content: body(500, have + i),
      }));
      // Raw SQL, naming only columns the table had before MIGRATION: Drizzle's insert names every
      // column of today's schema (segmented_title, added by 0022, among them).
      await handle.db.execute(sql`
        insert into documents (id, workspace_id, position, title, content)
        select r.id, r."workspaceId"::uuid, r.position, r.title, r.content
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id text, "workspaceId" text, position text, title text, content jsonb)`);
    }
    const started = performance.now();
    await migrateDatabase(handle);
    const seconds = (performance.now() - started) / 1000;
    const [sample] = await handle.db.select({ ids: documents.imageFileIds }).from(documents).limit(1);
    if (sample?.ids.length !== 2) throw new Error(`image_file_ids not computed: ${JSON.stringify(sample)}`);
    console.log(`${handle.driver.kind}: migration ${MIGRATION} over ${count.toLocaleString("en")} documents of 500 words and 2 images: ${seconds.toFixed(1)} s`);

    // A store of a large body, with and without the column (dropped again to compare).
    const [doc] = await handle.db.select({ id: documents.id }).from(documents).limit(1);
    const big = body(100_000, 1);
    const storeMs = async () => {
      const times: number[] = [];
      for (let i = 0; i < 15; i++) {
        const at = performance.now();
        await handle.db.update(documents).set({ content: big }).where(sql`${documents.id} = ${doc!.id}`);
        times.push(performance.now() - at);
      }
      return times.sort((a, b) => a - b)[7] ?? Number.NaN;
    };
    const withColumn = await storeMs();
    await handle.db.execute(sql`alter table documents drop column image_file_ids`);
    const without = await storeMs();
    console.log(`storing a 100,000-word body's content (median of 15): ${without.toFixed(1)} ms without the column, ${withColumn.toFixed(1)} ms with it`);
  } finally {
    await handle.close();
  }
}

function body(words: number, seed: number) {
  const lines = generateText(words, seed).text.split("\n").filter(Boolean);
  const image = (n: number) => ({ insert: { image: fileUrl(`Zx8Kq2mVbN4pL7tR1sYw${String(n % 100).padStart(2, "0")}`) } });
  const third = Math.floor(lines.length / 3);
  return {
    ops: [
      ...lines.slice(0, third).map((line) => ({ insert: `${line}\n` })),
      image(seed),
      { insert: "\n" },
      ...lines.slice(third, 2 * third).map((line) => ({ insert: `${line}\n` })),
      image(seed + 1),
      { insert: "\n" },
      ...lines.slice(2 * third).map((line) => ({ insert: `${line}\n` })),
    ],
  };
}
