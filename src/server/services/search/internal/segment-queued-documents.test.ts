import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import type { TestDatabase } from "@test/test-db";
import { adminQuery, createTestDatabase } from "@test/test-db";
import { BODY_YTEXT } from "@/shared/editor-rules";
import type { DbHandle } from "@/server/db/client";
import { MIGRATIONS_FOLDER, openDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { documents, memberships, searchSegmentQueue } from "@/server/db/schema";
import { segmentedText, WORD_BREAK } from "@/server/db/word-breaks";
import { deriveDocument } from "@/server/body/derive-document";
import { storeDocumentState } from "@/server/services/documents/internal/store-document-state";
import { searchDocuments } from "@/server/services/search/search-documents";
import { segmentQueuedDocuments } from "./segment-queued-documents";

// Real sentences in each script, written as they are: without spaces between words.
const BODIES = {
  thai: "ฉันกินข้าวที่โรงเรียนทุกวัน",
  lao: "ປະເທດລາວມີພູເຂົາຫຼາຍ",
  khmer: "ខ្ញុំចូលចិត្តរៀនភាសាខ្មែរ",
  burmese: "ကျွန်တော်သည်ရန်ကုန်မြို့တွင်နေထိုင်ပါသည်",
};

describe("migration 0022 and the start-up job", () => {
  let fresh: { handle: DbHandle; destroy: () => Promise<void> };
  beforeAll(async () => {
    fresh = await freshDatabase();
  }, 120_000);
  afterAll(async () => {
    await fresh?.destroy();
  });

  it("lists the documents already holding Thai, Lao, Khmer or Burmese, and the job makes their words findable", async () => {
    const { db } = fresh.handle;
    const before = migrationsBefore("segmented_search");
    try {
      await migrateDatabase(fresh.handle, before);
    } finally {
      fs.rmSync(before, { recursive: true, force: true });
    }
    // Written as the server wrote them before the migration.
    const { rows: made } = (await db.execute(sql`insert into workspaces (name, slug) values ('Acme', ${`acme-${crypto.randomBytes(4).toString("hex")}`}) returning id`)) as unknown as {
      rows: Array<{ id: string }>;
    };
    const workspaceId = made[0]!.id;
    const rows = [
      ...Object.entries(BODIES).map(([name, text], i) => ({ id: `seg${name}`.padEnd(12, "x").slice(0, 12), title: "Notes", text, position: `a${i}` })),
      { id: "segtitlexxxx", title: "งบประมาณปีหน้า", text: "plain words", position: "a5" },
      { id: "segenglishxx", title: "English", text: "nothing to segment", position: "a6" },
    ];
    for (const row of rows) {
      await db.execute(sql`insert into documents (id, workspace_id, position, title, text, updated_at)
        values (${row.id}, ${workspaceId}, ${row.position}, ${row.title}, ${row.text}, '2026-01-01T00:00:00Z')`);
    }

    await migrateDatabase(fresh.handle);
    const queued = await db.select({ id: searchSegmentQueue.documentId }).from(searchSegmentQueue);
    expect(queued.map((row) => row.id).sort()).toEqual(rows.slice(0, 5).map((row) => row.id).sort());
    const owner = await buildUser(db);
    await db.insert(memberships).values({ workspaceId, userId: owner.id, role: "owner" });
    const search = async (query: string) =>
      (await searchDocuments(contextFor(db, owner), { workspace: { id: workspaceId }, query })).results.map((result) => result.id);
    const words = { thai: "โรงเรียน", lao: "ພູເຂົາ", khmer: "រៀន", burmese: "ရန်ကုန်" };
    // Until the job's turn, found as before: a word at the start of a run only.
    expect(await search(words.thai)).toEqual([]);
    expect(await search("ฉัน")).toEqual(["segthaixxxxx"]);

    let taken = 0;
    for (let batch = await segmentQueuedDocuments(db, { batchSize: 2 }); batch > 0; batch = await segmentQueuedDocuments(db, { batchSize: 2 })) taken += batch;
    expect(taken).toBe(5);
    expect(await db.select().from(searchSegmentQueue)).toEqual([]);
    for (const [name, word] of Object.entries(words)) expect(await search(word), word).toEqual([`seg${name}`.padEnd(12, "x").slice(0, 12)]);
    expect(await search("ประมาณ")).toEqual(["segtitlexxxx"]);
    // Not an edit: the documents keep their place among the recently updated.
    const [thai] = await db.select({ updatedAt: documents.updatedAt, segmentedText: documents.segmentedText }).from(documents).where(eq(documents.id, "segthaixxxxx"));
    expect(thai?.updatedAt.toISOString()).toBe("2026-01-01T00:00:00.000Z");
    expect(thai?.segmentedText).toBe(`ฉัน${WORD_BREAK}กิน${WORD_BREAK}ข้าว${WORD_BREAK}ที่${WORD_BREAK}โรงเรียน${WORD_BREAK}ทุก${WORD_BREAK}วัน`);
  });
});

describe("segmentQueuedDocuments", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => {
    await test.destroy();
  });

  it("keeps the segmentation of a text stored while it worked, rather than the one it found for the text before", async () => {
    const { db } = test;
    const owner = await buildUser(db);
    const workspace = await buildWorkspace(db, [{ actor: owner, role: "owner" }]);
    const document = await buildDocument(db, workspace.id);
    await db.update(documents).set({ text: BODIES.thai }).where(eq(documents.id, document.id));
    await db.insert(searchSegmentQueue).values({ documentId: document.id });
    const stored = "พรุ่งนี้เราจะไปเที่ยวทะเล\n"; // Tomorrow we go to the sea.
    const taken = await segmentQueuedDocuments(db, {
      segment: async (text) => {
        // Someone typing meanwhile: the collaboration server stores the body with its own segmentation.
        const ydoc = new Y.Doc();
        ydoc.getText(BODY_YTEXT).insert(0, stored);
        await storeDocumentState(db, document.id, { ydoc: Y.encodeStateAsUpdate(ydoc), ...(await deriveDocument(ydoc)), updatedBy: owner.id });
        return segmentedText(text);
      },
    });
    expect(taken).toBe(1);
    const [row] = await db.select({ segmentedText: documents.segmentedText }).from(documents).where(eq(documents.id, document.id));
    expect(row?.segmentedText).toBe(segmentedText(stored));
    const found = await searchDocuments(contextFor(db, owner), { workspace: { id: workspace.id }, query: "เที่ยว" });
    expect(found.results.map((result) => result.id)).toEqual([document.id]);
    expect(await db.select().from(searchSegmentQueue)).toEqual([]);
  });
});

/** A new, empty database (not the migrated template): PGlite in memory, or one on TEST_DATABASE_URL's server. */
async function freshDatabase(): Promise<{ handle: DbHandle; destroy: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({});
    return { handle, destroy: () => handle.close() };
  }
  const name = `quire_test_${crypto.randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  return {
    handle,
    destroy: async () => {
      await handle.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** The migrations folder as it was before the migration whose tag ends in `_${name}`: a copy whose journal stops short of it. */
function migrationsBefore(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-migrations-"));
  fs.cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalFile = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: Array<{ tag: string }> };
  const index = journal.entries.findIndex((entry) => entry.tag.endsWith(`_${name}`));
  if (index < 0) throw new Error(`no migration *_${name}`);
  journal.entries = journal.entries.slice(0, index);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}
