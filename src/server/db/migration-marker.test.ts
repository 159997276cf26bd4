import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isMarkedMigrated, latestMigration, markMigrated } from "./migration-marker";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-marker-"));
  dirs.push(dir);
  return dir;
}
function migrationsFolder(tags: string[]): string {
  const folder = tempDir();
  fs.mkdirSync(path.join(folder, "meta"));
  fs.writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify({ entries: tags.map((tag) => ({ tag })) }));
  return folder;
}

describe("the migrated-through marker", () => {
  it("names the newest migration and goes stale when a newer one ships", () => {
    const dbDir = tempDir();
    const before = migrationsFolder(["0000_a", "0001_b"]);
    const after = migrationsFolder(["0000_a", "0001_b", "0002_c"]);
    expect(isMarkedMigrated(dbDir, before)).toBe(false); // never marked: migrations may be pending

    markMigrated(dbDir, before);
    expect(latestMigration(before)).toBe("0001_b");
    expect(isMarkedMigrated(dbDir, before)).toBe(true);
    expect(isMarkedMigrated(dbDir, after)).toBe(false);
  });

  it("names the newest of the committed migrations", () => {
    const tags = fs.readdirSync(path.join(process.cwd(), "drizzle")).filter((name) => name.endsWith(".sql"));
    expect(`${latestMigration()}.sql`).toBe(tags.sort().at(-1));
  });
});
