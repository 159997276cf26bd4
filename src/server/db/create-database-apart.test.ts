import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, openDatabase } from "./client";
import { createDatabaseInChild, DatabaseCreationError } from "./create-database-apart";

// The child is a real process running PGlite's initdb (a few seconds each on a busy machine).
const CHILD_TIMEOUT = 90_000;

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-create-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function journalLength(folder: string): number {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

describe("createDatabaseInChild", () => {
  it(
    "creates and migrates the database in another process, then moves it into place",
    async () => {
      const root = tempDir();
      const dataDir = path.join(root, "db");
      fs.mkdirSync(path.join(root, "db.new-0badf00d"));
      fs.writeFileSync(path.join(root, "db.new-0badf00d", "PG_VERSION"), "17"); // a killed first start's
      const lines: string[] = [];
      await createDatabaseInChild(dataDir, (line) => lines.push(line));

      const pid = Number(/pid (\d+)/.exec(lines.join("\n"))?.[1]);
      expect(pid).toBeGreaterThan(0);
      expect(pid).not.toBe(process.pid);
      expect(fs.existsSync(path.join(dataDir, "PG_VERSION"))).toBe(true);
      expect(fs.readdirSync(root)).toEqual(["db"]);
      const handle = await openDatabase({ dataDir });
      try {
        if (handle.driver.kind !== "pglite") throw new Error("expected PGlite");
        const applied = await handle.driver.client.query<{ count: number }>("select count(*)::int as count from drizzle.__drizzle_migrations");
        expect(applied.rows[0]?.count).toBe(journalLength(MIGRATIONS_FOLDER));
      } finally {
        await handle.close();
      }
    },
    CHILD_TIMEOUT,
  );

  it(
    "keeps nothing when a migration fails, and says so",
    async () => {
      const root = tempDir();
      const migrations = path.join(root, "migrations");
      fs.mkdirSync(path.join(migrations, "meta"), { recursive: true });
      const entry = { idx: 0, version: "7", when: 1, tag: "0000_broken", breakpoints: true };
      fs.writeFileSync(path.join(migrations, "meta", "_journal.json"), JSON.stringify({ version: "7", dialect: "postgresql", entries: [entry] }));
      fs.writeFileSync(path.join(migrations, "0000_broken.sql"), "create table works (id int);\n--> statement-breakpoint\nselect * from no_such_table;");
      const dataDir = path.join(root, "db");

      const created = createDatabaseInChild(dataDir, () => {}, migrations);
      await expect(created).rejects.toBeInstanceOf(DatabaseCreationError);
      await expect(created).rejects.toThrow(/exited with code 1 \(its error is printed above\)\. Nothing was kept/);
      expect(fs.readdirSync(root)).toEqual(["migrations"]);
    },
    CHILD_TIMEOUT,
  );

  it("refuses a folder that holds files but no database, before starting anything", async () => {
    const dataDir = path.join(tempDir(), "db");
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, "notes.txt"), "mine");
    const lines: string[] = [];

    await expect(createDatabaseInChild(dataDir, (line) => lines.push(line))).rejects.toThrow(/holds files but no database/);
    expect(lines).toEqual([]);
    expect(fs.readdirSync(dataDir)).toEqual(["notes.txt"]);
  });
});
