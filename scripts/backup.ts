import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { backupInstance, openBackupOutput } from "@/server/backup/backup-instance";
import { getEnv } from "@/server/env";
import { openBlobStore } from "@/server/storage/get-blob-store";
import { CliError, openInstanceDatabase, runCli } from "./backup-cli";

// npm run backup -- --out FILE: the whole instance (docs/operations.md "Backup and restore").
await runCli(async () => {
  const { values } = parseArgs({ options: { out: { type: "string", short: "o" } }, allowPositionals: false });
  if (!values.out) throw new CliError("Usage: npm run backup -- --out FILE   (FILE ending in .gz is compressed)");
  const out = path.resolve(values.out);
  if (fs.existsSync(out)) throw new CliError(`${out} exists already; choose a new file name.`);
  const started = Date.now();
  const { handle, dataDir, label, release } = await openInstanceDatabase({ migrate: false, mustExist: true });
  try {
    const env = getEnv();
    const uploads = env.FILE_STORE === "database" ? "the uploads in it" : `the uploads in ${path.join(dataDir, "files")}`;
    console.log(`Backing up ${label} and ${uploads} to ${out}…`);
    const output = await openBackupOutput(out);
    let summary;
    try {
      const blobs = openBlobStore({ fileStore: env.FILE_STORE, dataDir, db: async () => handle.db });
      summary = await backupInstance(handle, blobs, output.stream, (line) => console.log(line));
      await output.close();
    } catch (error) {
      await output.close().catch(() => undefined);
      fs.rmSync(out, { force: true }); // a partial backup must not pass for a good one
      throw error;
    }
    const rows = Object.values(summary.counts).reduce((a, b) => a + b, 0);
    console.log(
      `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${rows} rows in ${Object.keys(summary.counts).length} tables, ` +
        `${summary.blobs} files, ${fs.statSync(out).size.toLocaleString("en")} bytes. Sessions are not included: everyone signs in again after a restore.`,
    );
    if (summary.missingBlobs.length > 0) console.warn(`Warning: ${summary.missingBlobs.length} files had no stored bytes and are not in the backup.`);
  } finally {
    await handle.close();
    release();
  }
});
