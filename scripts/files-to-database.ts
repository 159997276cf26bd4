import path from "node:path";
import { DiskBlobStore } from "@/server/storage/blob-store";
import { copyBlobsToDatabase } from "@/server/storage/copy-blobs-to-database";
import { DatabaseBlobStore } from "@/server/storage/database-blob-store";
import { CliError, openInstanceDatabase, runCli } from "./backup-cli";

// npm run files:to-database: copies the uploads' bytes from DATA_DIR/files into the database, for
// FILE_STORE=database on several machines (docs/scaling.md "Uploaded files").
await runCli(async () => {
  const started = Date.now();
  // Migrated first: the file_blobs table may be newer than the database (run before the upgraded server's first start).
  const { handle, dataDir, label, release } = await openInstanceDatabase({ migrate: true, mustExist: true });
  try {
    const root = path.join(dataDir, "files");
    console.log(`Copying the bytes of the uploaded files in ${root} into ${label}…`);
    const { copied, present, missing } = await copyBlobsToDatabase(handle.db, new DiskBlobStore(root), new DatabaseBlobStore(async () => handle.db));
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${copied} copied, ${present} in the database already. The files on disk are left where they are.`);
    if (missing.length > 0) {
      const shown = `${missing.slice(0, 5).join(", ")}${missing.length > 5 ? ", …" : ""}`;
      throw new CliError(`${missing.length} files have their bytes neither in the database nor in ${root} (${shown}): run this on the machine whose DATA_DIR holds them.`);
    }
  } finally {
    await handle.close();
    release();
  }
});
