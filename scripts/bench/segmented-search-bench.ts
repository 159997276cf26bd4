import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { sql } from "drizzle-orm";
import { buildUser, buildWorkspace, contextFor } from "@test/factories";
import { adminQuery } from "@test/test-db";
import type { Actor } from "@/server/context";
import type { DbHandle } from "@/server/db/client";
import { openDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { searchDocuments } from "@/server/services/search/search-documents";
import { generateCorpus, insertCorpus } from "./search-corpus";
import { seededRandom } from "./seeded-random";
import { migrationsBefore } from "./migrations-before";
import { benchPostgres } from "./throwaway-postgres";
import type { WordModel } from "./word-model";
import { buildWordModel } from "./word-model";

// `node --import tsx scripts/bench/segmented-search-bench.ts [--target=pglite|postgres] [--documents=N] [--stores-only] [--english]`:
// what Thai, Lao, Khmer and Burmese words mid-run cost (migration 0022, docs/architecture.md
// "Search"), on a workspace of N documents (default 10,000 on PGlite, 100,000 on PostgreSQL) of the
// search bench's corpus spelled in Thai: each word a common Thai word (rarer ones two of them), the
// words of a sentence run together, sentences apart. The database is migrated up to the migration
// before 0022 and filled; then it times
// - a store's vector (the database's UPDATE of `text`, which computes the generated search vector),
//   of a Thai and an English body of ~500 words and at the 130,000-character cap, before 0022 and
//   after it (with segmented_text, and the JavaScript segmentation a store now does on a body worker),
//   in a database of its own holding that one document (the corpus's index would weigh in);
// - 0022 itself, and the start-up job that segments the documents it queued;
// - searches: a common word (found in the middle of runs), a rarer one (two words: a phrase), one
//   with an exclusion; p50 / p95 wall-clock ms of 20 runs after 3, and on PGlite the median CPU ms.
// Run from a checkout without 0022 (the code before it), it migrates fully, times the stores and the
// searches the old way, and skips the rest. --stores-only times the stores alone; --english keeps
// the corpus in English (what 0022 costs a workspace with nothing to segment). PostgreSQL is DATABASE_URL, else a throwaway Debian
// PostgreSQL 15 under /tmp. Prints; writes nothing.
// Common Thai words (ICU's dictionary holds them): the corpus's most frequent words become one,
// the others two run together, so a rarer word is a run of two words, as Thai compounds are.
const THAI_WORDS = [
  ..."ที่ และ ใน การ ของ เป็น มี ได้ ไม่ ให้ จะ ว่า กับ นี้ แต่ ก็ คน ไป มา อยู่ หรือ เรา ทำ ความ แล้ว จาก ขึ้น ต้อง เขา ถึง ดี ใช้ เพื่อ โดย วัน เมื่อ ยัง ปี งาน เรื่อง".split(" "),
  ..."ต่อ อีก ทาง มาก นั้น เกิด ผู้ คือ ตาม บ้าน เวลา น้ำ ข้าว กิน โรงเรียน นักเรียน ครู เมือง ประเทศ รัฐบาล ภาษา หนังสือ ถนน รถ ตลาด อาหาร ผลไม้ ทะเล ภูเขา แม่น้ำ".split(" "),
  ..."ต้นไม้ ดอกไม้ สัตว์ หมา แมว นก ปลา ไก่ หมู วัว ช้าง เงิน ทอง ราคา ซื้อ ขาย เดิน วิ่ง นอน ตื่น อ่าน เขียน พูด ฟัง ดู เห็น รู้ คิด เข้าใจ ช่วย เริ่ม จบ ใหม่ เก่า".split(" "),
  ..."ใหญ่ เล็ก สูง ร้อน หนาว ฝน ลม ท้องฟ้า ดาว กลางคืน เช้า เย็น สัปดาห์ เดือน ประชุม งบประมาณ สำนักงาน บริษัท โครงการ แผน ระบบ ข้อมูล เอกสาร คอมพิวเตอร์ โทรศัพท์".split(" "),
  ..."ครอบครัว พ่อ แม่ ลูก พี่ น้อง เพื่อน ความรัก ความสุข สุขภาพ โรงพยาบาล หมอ ยา ร้านค้า ห้องสมุด มหาวิทยาลัย วิทยาศาสตร์ คณิตศาสตร์ ประวัติศาสตร์ ดนตรี กีฬา".split(" "),
  ..."ฟุตบอล ท่องเที่ยว ธรรมชาติ สิ่งแวดล้อม พลังงาน เศรษฐกิจ การเมือง สังคม วัฒนธรรม ศาสนา ประชาชน ชุมชน หมู่บ้าน จังหวัด ทหาร ตำรวจ กฎหมาย ศาล ธนาคาร สนามบิน".split(" "),
];

const MIGRATION = "0022_segmented_search";
const target = process.argv.find((arg) => arg.startsWith("--target="))?.slice("--target=".length) ?? "pglite";
const count = Number(process.argv.find((arg) => arg.startsWith("--documents="))?.slice("--documents=".length) ?? (target === "pglite" ? 10_000 : 100_000));
const began = performance.now();
const log = (message: string) => console.log(`[segmented-search ${((performance.now() - began) / 1000).toFixed(0).padStart(4)} s] ${message}`);
const isPglite = target === "pglite";
const isStoresOnly = process.argv.includes("--stores-only");
const isEnglish = process.argv.includes("--english");

const model = buildWordModel();
const inThai = thaiSpelling(model);
const spell = isEnglish ? (text: string) => text : inThai;
if (isPglite) {
  await timeStoresApart(() => openDatabase({}));
  if (!isStoresOnly) await run(await openDatabase({}));
} else {
  const postgres = await benchPostgres();
  if (!postgres) throw new Error("no DATABASE_URL and no /usr/lib/postgresql/15/bin/initdb");
  const name = `quire_segmented_bench_${crypto.randomBytes(4).toString("hex")}`;
  try {
    await adminQuery(postgres.url, `create database ${name}`);
    const url = new URL(postgres.url);
    url.pathname = `/${name}`;
    const stores: string[] = [];
    await timeStoresApart(async () => {
      const store = `${name}_stores${stores.push(name)}`;
      await adminQuery(postgres.url, `create database ${store}`);
      return openDatabase({ url: url.toString().replace(name, store) });
    });
    for (const [i] of stores.entries()) await adminQuery(postgres.url, `drop database if exists ${name}_stores${i + 1} with (force)`);
    if (!isStoresOnly) await run(await openDatabase({ url: url.toString() }));
    await adminQuery(postgres.url, `drop database if exists ${name} with (force)`);
  } finally {
    postgres.stop();
  }
}

async function run(handle: DbHandle): Promise<void> {
  try {
    const before = migrationsUpTo(MIGRATION);
    const hasMigration = before !== null;
    await migrateDatabase(handle, before ?? undefined);
    if (before) fs.rmSync(before, { recursive: true, force: true });
    log(hasMigration ? `migrated to the migration before ${MIGRATION}` : `no ${MIGRATION} here: migrated fully (the code before it)`);
    const owner = await buildUser(handle.db);
    const workspace = await buildWorkspace(handle.db, [{ actor: owner, role: "owner" }]);
    const random = seededRandom(5);
    const insertStart = performance.now();
    for (let have = 0; have < count; ) {
      const rows = generateCorpus(model, random, have, Math.min(500, count - have));
      await insertCorpus(handle.db, workspace.id, rows.map(({ words: _words, ...row }) => ({ ...row, title: spell(row.title), text: spell(row.text) })));
      have += rows.length;
      if (have % 20_000 === 0) log(`${have.toLocaleString("en")} documents`);
    }
    await analyze(handle);
    log(`${count.toLocaleString("en")} ${isEnglish ? "English" : "Thai-spelled"} documents inserted in ${((performance.now() - insertStart) / 1000).toFixed(1)} s; documents ${await tableSize(handle)}`);

    if (hasMigration) {
      const migrationStart = performance.now();
      await migrateDatabase(handle);
      log(`migration ${MIGRATION}: ${((performance.now() - migrationStart) / 1000).toFixed(1)} s; ${await queued(handle)} documents queued; documents ${await tableSize(handle)}`);
      // Dynamic: the code before 0022 has none of these.
      const { segmentQueuedDocuments } = await import("@/server/services/search/internal/segment-queued-documents");
      const jobStart = performance.now();
      const cpuStart = process.cpuUsage();
      let segmented = 0;
      for (let taken = await segmentQueuedDocuments(handle.db); taken > 0; taken = await segmentQueuedDocuments(handle.db)) segmented += taken;
      const cpu = process.cpuUsage(cpuStart);
      log(`start-up job: ${segmented.toLocaleString("en")} documents segmented in ${((performance.now() - jobStart) / 1000).toFixed(1)} s (this process's CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s); documents ${await tableSize(handle)}`);
      await analyze(handle);
    }
    await timeSearches(handle, owner, workspace.id);
  } finally {
    await handle.close();
  }
}

/**
 * The stores' cost, before 0022 and after, each in a database holding nothing else (`open` makes
 * one): three rounds taking turns, so that a busy machine weighs on both alike.
 */
async function timeStoresApart(open: () => Promise<DbHandle>): Promise<void> {
  const before = migrationsUpTo(MIGRATION);
  const handles = [await open(), ...(before ? [await open()] : [])];
  try {
    await migrateDatabase(handles[0]!, before ?? undefined);
    if (before) fs.rmSync(before, { recursive: true, force: true });
    if (handles[1]) await migrateDatabase(handles[1]);
    const states = await Promise.all(
      handles.map(async (handle, i) => {
        const owner = await buildUser(handle.db);
        const workspace = await buildWorkspace(handle.db, [{ actor: owner, role: "owner" }]);
        return { handle, workspaceId: workspace.id, when: i === 1 ? "after 0022" : before ? "before 0022" : "old code", isSegmented: i === 1, times: new Map<string, number[]>() };
      }),
    );
    const bodies = await sampleBodies();
    for (let round = 0; round < 3; round += 1) {
      for (const state of states) await timeStores(state.handle, state.workspaceId, bodies, state.isSegmented, state.times);
    }
    for (const state of states) {
      for (const body of bodies) {
        const database = state.times.get(`${body.label} database`) ?? [];
        const segmenting = state.times.get(`${body.label} segmenting`) ?? [];
        const segmentNote = state.isSegmented ? `, segmentedText ${median(segmenting).toFixed(1)} ms CPU` : "";
        log(`store (${state.when}), ${body.label}: the vector ${median(database).toFixed(1)} ms ${isPglite ? "CPU" : "wall"}${segmentNote} (median of ${database.length})`);
      }
    }
  } finally {
    for (const handle of handles) await handle.close();
  }
}

interface SampleBody {
  label: string;
  text: string;
}

/** A Thai and an English body of ~500 words and of 130,000 characters, from the corpus. */
async function sampleBodies(): Promise<SampleBody[]> {
  const rows = generateCorpus(model, seededRandom(11), 0, 400);
  const english = rows.map((row) => row.text).join("");
  const thai = rows.map((row) => inThai(row.text)).join("");
  const cap = (text: string) => [...text].slice(0, 130_000).join("");
  return [
    { label: "Thai, ~500 words", text: inThai(rows[0]!.text) },
    { label: "Thai, 130,000 characters", text: cap(thai) },
    { label: "English, ~500 words", text: rows[0]!.text },
    { label: "English, 130,000 characters", text: cap(english) },
  ];
}

/**
 * A store's vector: the UPDATE that writes `text` (and, after 0022, segmented_text), which makes
 * the database compute the generated search vector. 9 of each body after a warm-up, each with a
 * different last word so that every UPDATE changes the text; PGlite's as this process's CPU time,
 * PostgreSQL's as wall-clock time. After 0022 also the JavaScript segmentation (segmentedText) a
 * store does. Adds to `times` under "<body> database" and "<body> segmenting".
 */
async function timeStores(handle: DbHandle, workspaceId: string, bodies: SampleBody[], isSegmented: boolean, times: Map<string, number[]>): Promise<void> {
  const id = "benchstore00";
  await handle.db.execute(sql`insert into documents (id, workspace_id, position, title) values (${id}, ${workspaceId}::uuid, 'zzzz', 'Store') on conflict do nothing`);
  // Dynamic: the code before 0022 has no word-breaks.ts.
  const words = isSegmented ? await import("@/server/db/word-breaks") : null;
  const add = (key: string, value: number) => times.set(key, [...(times.get(key) ?? []), value]);
  for (const body of bodies) {
    for (let i = 0; i < 10; i += 1) {
      const text = `${body.text.slice(0, -8)}${String(i).padStart(8, "ก")}`;
      const segmentStart = process.cpuUsage();
      const segmented = words ? words.segmentedText(text) : undefined;
      const segmentCpu = process.cpuUsage(segmentStart);
      const start = performance.now();
      const cpuStart = process.cpuUsage();
      if (segmented === undefined) await handle.db.execute(sql`update documents set text = ${text} where id = ${id}`);
      else await handle.db.execute(sql`update documents set text = ${text}, segmented_text = ${segmented} where id = ${id}`);
      const cpu = process.cpuUsage(cpuStart);
      if (i === 0) continue; // warm-up
      add(`${body.label} database`, isPglite ? (cpu.user + cpu.system) / 1000 : performance.now() - start);
      add(`${body.label} segmenting`, (segmentCpu.user + segmentCpu.system) / 1000);
    }
  }
}

async function timeSearches(handle: DbHandle, owner: Actor, workspaceId: string): Promise<void> {
  const ctx = contextFor(handle.db, owner);
  const spelled = model.words.map(spell);
  const queries = {
    "common word": [60, 61, 62, 63].map((rank) => spelled[rank]!),
    "rarer word (two words)": [400, 401, 402, 403].map((rank) => spelled[rank]!),
    exclusion: [60, 61, 62, 63].map((rank) => `${spelled[rank]} -${spelled[rank + 10]}`),
  };
  for (const [category, list] of Object.entries(queries)) {
    const times: number[] = [];
    const cpus: number[] = [];
    let window = 0;
    let found = 0;
    for (let run = 0; run < 23; run += 1) {
      const query = list[run % list.length] ?? "";
      const start = performance.now();
      const cpuStart = process.cpuUsage();
      const page = await searchDocuments(ctx, { workspace: { id: workspaceId }, query });
      const cpu = process.cpuUsage(cpuStart);
      if (run >= 3) {
        times.push(performance.now() - start);
        cpus.push((cpu.user + cpu.system) / 1000);
      }
      if (page.phraseWindow !== null) window += 1;
      found = Math.max(found, page.results.length);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]?.toFixed(1);
    const cpuNote = isPglite ? `, CPU median ${median(cpus).toFixed(1)} ms` : "";
    log(`search, ${category} (${list.join(", ")}): p50 ${at(0.5)} ms, p95 ${at(0.95)} ms${cpuNote}, ${found} results a page, phrase window on ${window} of 23, load ${os.loadavg()[0]?.toFixed(1)}`);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

async function analyze(handle: DbHandle): Promise<void> {
  await handle.db.execute(sql.raw(handle.driver.kind === "pglite" ? "analyze documents" : "vacuum analyze documents"));
}

async function queued(handle: DbHandle): Promise<number> {
  const { rows } = (await handle.db.execute(sql`select count(*)::int as n from search_segment_queue`)) as unknown as { rows: Array<{ n: number }> };
  return rows[0]?.n ?? 0;
}

async function tableSize(handle: DbHandle): Promise<string> {
  const { rows } = (await handle.db.execute(sql`select pg_size_pretty(pg_total_relation_size('documents')) as size`)) as unknown as { rows: Array<{ size: string }> };
  return rows[0]?.size ?? "?";
}

/** The migrations folder before `tag` (migrations-before.ts), or null in a checkout without it: the code before it. */
function migrationsUpTo(tag: string): string | null {
  try {
    return migrationsBefore(tag);
  } catch {
    return null;
  }
}

/** Each word of the model spelled as one Thai word (the 200 most frequent) or two, the same for the same word; a sentence's words run together. */
function thaiSpelling(words: WordModel): (text: string) => string {
  const spelled = new Map<string, string>();
  words.words.forEach((word, rank) => {
    if (rank < THAI_WORDS.length) {
      spelled.set(word, THAI_WORDS[rank]!);
      return;
    }
    const hash = crypto.createHash("sha1").update(word).digest();
    spelled.set(word, `${THAI_WORDS[hash.readUInt16BE(0) % THAI_WORDS.length]}${THAI_WORDS[hash.readUInt16BE(2) % THAI_WORDS.length]}`);
  });
  return (text) =>
    text
      .replace(/[A-Za-z]+/g, (word) => spelled.get(word.toLowerCase()) ?? word)
      .replace(/ (?=[^\s])/g, "")
      .replace(/\./g, " ");
}
