import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { adminQuery } from "./test-db";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data directory dump every test file starts from (unset on PostgreSQL). */
    pgliteTemplate: string;
    /** On PostgreSQL (TEST_DATABASE_URL): a migrated database each test file's database is copied from. */
    postgresTemplate: string;
  }
}

// Creating and migrating a database takes seconds; cloning a migrated one takes a fraction.
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    project.provide("pgliteTemplate", "");
    const name = await createPostgresTemplate(serverUrl);
    project.provide("postgresTemplate", name);
    return () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  }
  project.provide("postgresTemplate", "");
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

/**
 * A migrated database on the PostgreSQL server for `CREATE DATABASE … TEMPLATE`: PostgreSQL copies
 * its files, so each test file skips running every migration. Its connections are closed here,
 * as a template must have none while it is copied.
 */
async function createPostgresTemplate(serverUrl: string): Promise<string> {
  const name = `quire_test_template_${crypto.randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  await migrateDatabase(handle);
  await handle.close();
  return name;
}
