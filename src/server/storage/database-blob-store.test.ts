import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, buildWorkspace } from "@test/factories";
import { createTestDatabase } from "@test/test-db";
import { withTestDatabase } from "@test/test-database-hooks";
import { backupInstance, openBackupOutput } from "@/server/backup/backup-instance";
import { RestoreRefused, restoreInstance } from "@/server/backup/restore-instance";
import { fileBlobs, files } from "@/server/db/schema";
import { DiskBlobStore, newBlobKey } from "./blob-store";
import { copyBlobsToDatabase } from "./copy-blobs-to-database";
import { DatabaseBlobStore } from "./database-blob-store";
import { openBlobStore } from "./get-blob-store";

// FILE_STORE=database: uploads' bytes in file_blobs, falling back to DATA_DIR/files for those
// stored before the switch; a backup carries them as blob lines and a restore writes them back
// in its own transaction.
const database = withTestDatabase();
let dataDir: string;
let disk: DiskBlobStore;
let store: DatabaseBlobStore;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-db-blobs-"));
  disk = new DiskBlobStore(path.join(dataDir, "files"));
  store = new DatabaseBlobStore(async () => database.db, disk);
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const bytesOf = (text: string) => new TextEncoder().encode(text);
const textOf = async (blob: { stream: ReadableStream<Uint8Array> } | null) => (blob ? new Response(blob.stream).text() : null);
function streamOf(...parts: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(bytesOf(part));
      controller.close();
    },
  });
}

describe("DatabaseBlobStore", () => {
  it("stores bytes or a stream in the database and gives them back with their size; a put replaces", async () => {
    const key = newBlobKey();
    expect(await store.put(key, bytesOf("hello"))).toEqual({ size: 5 });
    expect(await store.holds(key)).toBe(true);
    expect(await disk.get(key)).toBeNull();
    const blob = await store.get(key);
    expect(blob?.size).toBe(5);
    expect(await textOf(blob)).toBe("hello");
    expect(await store.put(key, streamOf("good", "bye", "!"))).toEqual({ size: 8 });
    expect(await textOf(await store.get(key))).toBe("goodbye!");
  });

  it("keeps bytes that are not text exactly", async () => {
    const key = newBlobKey();
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 131) % 256);
    await store.put(key, bytes);
    const blob = await store.get(key);
    expect(Buffer.from(await new Response(blob!.stream).arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });

  it("answers null for a key it never had, deletes (a missing key is no error) and refuses a malformed key", async () => {
    const key = newBlobKey();
    expect(await store.get(key)).toBeNull();
    await store.put(key, bytesOf("x"));
    await store.delete(key);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await expect(store.get("../../etc/passwd")).rejects.toThrow("Invalid blob key");
    await expect(store.put("short", bytesOf("x"))).rejects.toThrow("Invalid blob key");
  });

  it("reads a blob stored on disk before the switch, and deletes it there too", async () => {
    const key = newBlobKey();
    await disk.put(key, bytesOf("from before"));
    expect(await store.holds(key)).toBe(false);
    expect(await textOf(await store.get(key))).toBe("from before");
    await store.delete(key);
    expect(await disk.get(key)).toBeNull();
  });

  it("is what openBlobStore gives for FILE_STORE=database; disk otherwise", () => {
    const db = async () => database.db;
    expect(openBlobStore({ fileStore: "database", dataDir, db })).toBeInstanceOf(DatabaseBlobStore);
    expect(openBlobStore({ fileStore: "disk", dataDir, db })).toBeInstanceOf(DiskBlobStore);
  });
});

describe("copyBlobsToDatabase (npm run files:to-database)", () => {
  it("copies the disk bytes of every uploaded file the database lacks, says which are nowhere, and can run again", async () => {
    const owner = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
    const [onDisk, inDatabase, nowhere] = [newBlobKey(), newBlobKey(), newBlobKey()];
    await disk.put(onDisk, bytesOf("only on disk"));
    await store.put(inDatabase, bytesOf("in the database"));
    const row = (key: string) => ({ id: `file-${key}`, workspaceId: workspace.id, name: "a.png", mime: "image/png", size: 1, sha256: "0".repeat(64), storageKey: key });
    await database.db.insert(files).values([row(onDisk), row(inDatabase), row(nowhere)]);
    const onlyTable = new DatabaseBlobStore(async () => database.db);

    const first = await copyBlobsToDatabase(database.db, disk, onlyTable);
    expect(first.missing).toEqual([nowhere]);
    expect(first.copied).toBeGreaterThanOrEqual(1);
    expect(await onlyTable.holds(onDisk)).toBe(true);
    expect(await textOf(await onlyTable.get(onDisk))).toBe("only on disk");
    expect(await textOf(await disk.get(onDisk))).toBe("only on disk");
    const again = await copyBlobsToDatabase(database.db, disk, onlyTable);
    expect([again.copied, again.missing]).toEqual([0, [nowhere]]);
  });
});

describe("backup and restore with FILE_STORE=database", () => {
  it("carries the bytes as blob lines, not file_blobs rows, and restores them in the restore's transaction", async () => {
    const owner = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
    const key = newBlobKey();
    await store.put(key, bytesOf("an image's bytes"));
    await database.db.insert(files).values({ id: `file-${key}`, workspaceId: workspace.id, name: "a.png", mime: "image/png", size: 16, sha256: "0".repeat(64), storageKey: key });
    const backup = path.join(dataDir, `backup-${key}.jsonl`);
    const output = await openBackupOutput(backup);
    const summary = await backupInstance(database, store, output.stream, () => undefined);
    await output.close();
    expect(summary.blobs).toBeGreaterThanOrEqual(1);
    expect(fs.readFileSync(backup, "utf8")).not.toContain('"file_blobs"');

    const target = await createTestDatabase();
    try {
      const targetStore = new DatabaseBlobStore(async () => target.db);
      await restoreInstance(target, targetStore, backup, { force: false, log: () => undefined });
      expect(await textOf(await targetStore.get(key))).toBe("an image's bytes");
      const storedKeys = async () => (await target.db.select({ key: fileBlobs.key }).from(fileBlobs).orderBy(fileBlobs.key)).map((row) => row.key);
      const restored = await storedKeys();
      expect(restored).toContain(key);

      // A restore that fails (a file cut short, with --force) rolls back whole: the bytes stay as they were.
      const cutShort = path.join(dataDir, `cut-${key}.jsonl`);
      fs.writeFileSync(cutShort, fs.readFileSync(backup, "utf8").split("\n").slice(0, -2).join("\n"));
      await expect(restoreInstance(target, targetStore, cutShort, { force: true, log: () => undefined })).rejects.toBeInstanceOf(RestoreRefused);
      expect(await textOf(await targetStore.get(key))).toBe("an image's bytes");
      expect(await storedKeys()).toEqual(restored);

      // Into an empty database whose machine still has the upload on disk (moving off the
      // embedded database): a failed restore leaves that copy alone.
      const third = await createTestDatabase();
      try {
        await disk.put(key, bytesOf("the copy on disk"));
        await expect(restoreInstance(third, new DatabaseBlobStore(async () => third.db, disk), cutShort, { force: false, log: () => undefined })).rejects.toBeInstanceOf(RestoreRefused);
        expect(await textOf(await disk.get(key))).toBe("the copy on disk");
      } finally {
        await third.destroy();
      }
    } finally {
      await target.destroy();
    }
  });
});
