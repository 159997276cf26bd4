import path from "node:path";
import type { Db } from "@/server/db/client";
import { getDb } from "@/server/db/database";
import { getEnv } from "@/server/env";
import { processSingleton } from "@/server/process-singleton";
import type { BlobStore } from "./blob-store";
import { DiskBlobStore } from "./blob-store";
import { DatabaseBlobStore } from "./database-blob-store";

/** The process's blob store (FILE_STORE): DATA_DIR/files on disk, or the database. */
export function getBlobStore(): BlobStore {
  return processSingleton("blob-store", () => {
    const env = getEnv();
    return openBlobStore({ fileStore: env.FILE_STORE, dataDir: env.dataDir, db: getDb });
  });
}

/**
 * The blob store FILE_STORE names. The database one falls back to DATA_DIR/files for a key it
 * doesn't hold, so uploads made before switching to it stay readable from this machine
 * (`npm run files:to-database` copies them in, for the other machines).
 */
export function openBlobStore(options: { fileStore: "disk" | "database"; dataDir: string; db: () => Promise<Db> }): BlobStore {
  const disk = new DiskBlobStore(path.join(options.dataDir, "files"));
  return options.fileStore === "database" ? new DatabaseBlobStore(options.db, disk) : disk;
}
