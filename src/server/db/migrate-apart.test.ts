import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { lockDataDir } from "./data-dir-lock";
import { migrateInChildProcess, MigrationProcessError } from "./migrate-apart";

// The child is a real process running PGlite (initdb takes seconds on a busy machine).
const CHILD_TIMEOUT = 300_000; // a PGlite initdb in a child took 37 s alone on a slow machine

const dirs: string[] = [];
const releases: (() => void)[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-migrate-apart-"));
  dirs.push(dir);
  return dir;
}
/** A data directory whose lock this process holds, as the server's does. */
function lockedDataDir() {
  const root = tempDir();
  releases.push(lockDataDir(root));
  return { root, dbDir: path.join(root, "db") };
}
afterEach(() => {
  for (const release of releases.splice(0)) release();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A migrations folder in drizzle's layout holding `statements`, one migration each. */
function migrationsFolder(statements: string[]): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "quire-migrations-"));
  dirs.push(folder);
  fs.mkdirSync(path.join(folder, "meta"));
  const entries = statements.map((_, idx) => ({ idx, version: "7", when: 1_000 + idx, tag: `000${idx}_test`, breakpoints: true }));
  fs.writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify({ version: "7", dialect: "postgresql", entries }));
  statements.forEach((statement, idx) => fs.writeFileSync(path.join(folder, `000${idx}_test.sql`), statement));
  return folder;
}

async function query<T>(dataDir: string, text: string): Promise<T[]> {
  const handle = await openDatabase({ dataDir });
  try {
    if (handle.driver.kind !== "pglite") throw new Error("expected PGlite");
    return (await handle.driver.client.query<T>(text)).rows;
  } finally {
    await handle.close();
  }
}

function lockHolder(root: string): number {
  return Number(fs.readFileSync(path.join(root, "quire.pid"), "utf8"));
}

describe("migrateInChildProcess", () => {
  it(
    "keeps nothing of a new database whose migration fails, and says so",
    async () => {
      const { root, dbDir } = lockedDataDir();
      const broken = migrationsFolder(["create table works (id int);\n--> statement-breakpoint\nselect * from no_such_table;"]);

      const migrated = migrateInChildProcess({ dbDir, lockDir: root, isNew: true, log: () => {}, migrationsFolder: broken });
      await expect(migrated).rejects.toBeInstanceOf(MigrationProcessError);
      await expect(migrated).rejects.toThrow(/exited with code 1 \(its error is printed above\)\. Nothing was kept/);
      expect(fs.readdirSync(root)).toEqual(["quire.pid"]);
      expect(lockHolder(root)).toBe(process.pid);
    },
    CHILD_TIMEOUT,
  );

  it(
    "creates a new database in another process and moves it into place; applies pending migrations in place, rolling a failing one back",
    async () => {
      const { root, dbDir } = lockedDataDir();
      fs.mkdirSync(path.join(root, "db.new-0badf00d"));
      fs.writeFileSync(path.join(root, "db.new-0badf00d", "PG_VERSION"), "17"); // a killed first start's
      const first = "create table first (id int);";
      const second = "insert into first values (1);";
      const created: string[] = [];
      await migrateInChildProcess({ dbDir, lockDir: root, isNew: true, log: (line) => created.push(line), migrationsFolder: migrationsFolder([first]) });
      const pid = Number(/creating the database in a separate process \(pid (\d+)\)/.exec(created.join("\n"))?.[1]);
      expect(pid).toBeGreaterThan(0);
      expect(pid).not.toBe(process.pid);
      expect(lockHolder(root)).toBe(process.pid);
      expect(fs.readdirSync(root).sort()).toEqual(["db", "quire.pid"]);

      const lines: string[] = [];
      await migrateInChildProcess({ dbDir, lockDir: root, isNew: false, log: (line) => lines.push(line), migrationsFolder: migrationsFolder([first, second]) });
      expect(lines[0]).toMatch(/applying any new migrations in a separate process/);

      const broken = migrationsFolder([first, second, "insert into first values (2);\n--> statement-breakpoint\nselect * from no_such_table;"]);
      const migrated = migrateInChildProcess({ dbDir, lockDir: root, isNew: false, log: () => {}, migrationsFolder: broken });
      await expect(migrated).rejects.toThrow(/Migrating the embedded database failed.*rolled back/);
      expect(lockHolder(root)).toBe(process.pid);
      expect(await query<{ id: number }>(dbDir, "select id from first")).toEqual([{ id: 1 }]);
    },
    CHILD_TIMEOUT,
  );

  it("refuses to create a database in a folder that holds other files, before starting anything", async () => {
    const { root, dbDir } = lockedDataDir();
    fs.mkdirSync(dbDir);
    fs.writeFileSync(path.join(dbDir, "notes.txt"), "mine");
    const lines: string[] = [];

    await expect(migrateInChildProcess({ dbDir, lockDir: root, isNew: true, log: (line) => lines.push(line) })).rejects.toThrow(/holds files but no database/);
    expect(lines).toEqual([]);
    expect(fs.readdirSync(dbDir)).toEqual(["notes.txt"]);
  });
});
