import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { restoreInstance } from "@/server/backup/restore-instance";
import { getEnv } from "@/server/env";
import { openBlobStore } from "@/server/storage/get-blob-store";
import { CliError, openInstanceDatabase, runCli } from "./backup-cli";

// npm run restore -- FILE [--force]: into an empty instance (docs/operations.md "Backup and restore").
await runCli(async () => {
  const { values, positionals } = parseArgs({ options: { force: { type: "boolean", default: false } }, allowPositionals: true });
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new CliError("Usage: npm run restore -- FILE [--force]   (--force replaces everything in a non-empty database)");
  const input = path.resolve(file);
  if (!fs.existsSync(input)) throw new CliError(`${input} does not exist.`);
  const started = Date.now();
  const { handle, dataDir, label, release } = await openInstanceDatabase({ migrate: true, mustExist: false });
  try {
    const { FILE_STORE } = getEnv();
    const blobRoot = path.join(dataDir, "files");
    console.log(`Restoring ${input} into ${label} (migrated)${FILE_STORE === "database" ? ", uploads included" : ` and ${blobRoot}`}…`);
    const blobs = openBlobStore({ fileStore: FILE_STORE, dataDir, db: async () => handle.db });
    const summary = await restoreInstance(handle, blobs, input, { force: values.force, log: (line) => console.log(line), blobRoot });
    const rows = Object.values(summary.counts).reduce((a, b) => a + b, 0);
    console.log(
      `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${rows} rows in ${Object.keys(summary.counts).length} tables, ${summary.blobs} files` +
        (summary.removedBlobs ? `; ${summary.removedBlobs} files of the replaced instance removed` : "") +
        ". Everyone signs in again (sessions are not in backups).",
    );
  } finally {
    await handle.close();
    release();
  }
});
