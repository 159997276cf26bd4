import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data directory dump every test file starts from (unset on PostgreSQL). */
    pgliteTemplate: string;
  }
}

// Creating and migrating PGlite takes seconds; cloning a migrated dump takes half a second.
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide("pgliteTemplate", "");
    return;
  }
  const handle = await openDatabase({});
  await migrateDatabase(handle);
  if (handle.driver.kind !== "pglite") throw new Error("expected PGlite");
  const dump = await handle.driver.client.dumpDataDir("none");
  await handle.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-test-template-"));
  const file = path.join(dir, "template.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
