import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { rowsOf } from "@/server/backup/backup-instance";
import { allTables, SKIPPED_TABLES } from "@/server/backup/backup-tables";
import { createAuth } from "@/server/auth/auth";
import type { DbHandle } from "@/server/db/client";
import { openDatabase } from "@/server/db/client";
import { migrateDatabase } from "@/server/db/migrate";
import { isMarkedMigrated } from "@/server/db/migration-marker";
import { apiTokens, favorites, memberships, revisions, sessions } from "@/server/db/schema";
import { DiskBlobStore } from "@/server/storage/blob-store";
import { createDocument } from "@/server/services/documents/create-document";
import { trashDocument } from "@/server/services/documents/trash-document";
import { uploadImage } from "@/server/services/files/upload-image";
import { createInvitation } from "@/server/services/invitations/create-invitation";
import { createShare } from "@/server/services/sharing/create-share";
import { createWorkspace } from "@/server/services/workspaces/create-workspace";
import { SAMPLE_IMAGES } from "@test/file-factories";
import type { RunningService } from "@test/services";
import { missingServices, startPostgres } from "@test/services";
import { copyDatabaseTemplate } from "../support/start-app";

// The operator's backup and restore commands (scripts/backup.ts, scripts/restore.ts), run as the
// operator runs them, on the embedded database and on PostgreSQL: everything but sessions must
// come back exactly, row for row and byte for byte.
const ROOT = path.resolve(import.meta.dirname, "../..");
const temps: string[] = [];
const services: RunningService[] = [];
afterAll(async () => {
  for (const service of services) await service.stop();
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `quire-${label}-`));
  temps.push(dir);
  return dir;
}

/** Runs `npm run backup|restore` the way package.json does; resolves with the exit code and output. */
function run(script: "backup" | "restore", args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  // Only what the test names: a DATABASE_URL from outside must not redirect the run.
  const base = { ...process.env };
  delete base.DATABASE_URL;
  delete base.DATA_DIR;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
      cwd: ROOT,
      env: { ...base, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

/** An instance with something in every table: accounts with passwords, a tree, an image, revisions, links, invitations, a token, a favourite. */
async function seed(handle: DbHandle, blobRoot: string) {
  const db = handle.db;
  const auth = createAuth({ db, secret: crypto.randomBytes(32).toString("hex") });
  const signUp = async (name: string) => {
    const { user } = await auth.api.signUpEmail({ body: { name, email: `${name.toLowerCase()}-${crypto.randomBytes(3).toString("hex")}@example.com`, password: "a-long-password" } });
    return { id: user.id, name: user.name, email: user.email, color: String(user.color), twoFactorEnabled: false };
  };
  const owner = await signUp("Owner");
  const editor = await signUp("Editor");
  const ctx = { db, actor: owner };
  const workspace = await createWorkspace(ctx, { name: "Acme", slug: `acme-${crypto.randomBytes(3).toString("hex")}` });
  await db.insert(memberships).values({ workspaceId: workspace.id, userId: editor.id, role: "editor" });
  const top = await createDocument(ctx, { workspaceId: workspace.id, title: "Handbook" }, { body: { ops: [{ insert: "Hello " }, { insert: "world", attributes: { bold: true } }, { insert: "\n" }] } });
  const image = await uploadImage(ctx, { documentId: top.id, name: "dot.png", bytes: SAMPLE_IMAGES["image/png"] }, new DiskBlobStore(blobRoot));
  const child = await createDocument(ctx, { workspaceId: workspace.id, title: "Child", parentId: top.id }, { body: { ops: [{ insert: { image: image.url } }, { insert: "\n" }] } });
  const grandchild = await createDocument(ctx, { workspaceId: workspace.id, title: "Grandchild", parentId: child.id });
  await createDocument(ctx, { workspaceId: workspace.id, title: "Second child", parentId: top.id });
  await trashDocument(ctx, { documentId: grandchild.id });
  await db.insert(revisions).values({ documentId: top.id, workspaceId: workspace.id, kind: "named", name: "v1", title: "Handbook", delta: { ops: [{ insert: "Hello\n" }] }, size: 5, createdBy: owner.id, authorIds: [owner.id, editor.id] });
  await createShare(ctx, { documentId: top.id, includeChildren: true, allowIndexing: false });
  await createInvitation(ctx, { workspaceId: workspace.id, email: "invited@example.com", role: "viewer" });
  await db.insert(apiTokens).values({ userId: owner.id, workspaceId: workspace.id, name: "CI", scope: "read", tokenHash: crypto.randomBytes(32).toString("hex"), tokenPrefix: "qt_abc" });
  await db.insert(favorites).values({ userId: editor.id, documentId: top.id });
  await db.insert(sessions).values({ id: crypto.randomUUID(), userId: owner.id, token: crypto.randomBytes(16).toString("hex"), expiresAt: new Date(Date.now() + 86_400_000) });
}

/** Every backed-up table, every row, as PostgreSQL prints it (exact timestamps, bytea as hex), in key order. */
async function dump(handle: DbHandle): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const table of allTables()) {
    if (SKIPPED_TABLES.has(table.name)) continue;
    const columns = table.columns.map((c) => `"${c}"`).join(", ");
    const rows = rowsOf<{ row: unknown }>(
      await handle.db.execute(sql.raw(`select row_to_json(t) as row from (select ${columns} from "${table.name}" order by "${table.primaryKey}"::text collate "C") t`)),
    );
    result[table.name] = rows.map((r) => r.row);
  }
  return result;
}

function blobFiles(root: string): Record<string, string> {
  if (!fs.existsSync(root)) return {};
  const files = fs.readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => !f.startsWith("tmp") && fs.statSync(path.join(root, f)).isFile());
  return Object.fromEntries(files.map((f) => [f, crypto.createHash("sha256").update(fs.readFileSync(path.join(root, f))).digest("hex")]));
}

async function withDatabase<T>(options: { url?: string; dataDir?: string }, work: (handle: DbHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase(options.url ? { url: options.url } : { dataDir: path.join(options.dataDir ?? "", "db") });
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

describe("npm run backup / restore on the embedded database", () => {
  it("refuses while the server holds the data directory, then round-trips the whole instance into an empty one", async () => {
    // The instance to back up starts as a copy of the e2e setup's migrated database (a first
    // initdb costs seconds); the restore below still creates and migrates its own from nothing.
    const source = tempDir("backup-src");
    copyDatabaseTemplate(source);
    const before = await withDatabase({ dataDir: source }, async (handle) => {
      await migrateDatabase(handle);
      await seed(handle, path.join(source, "files"));
      return dump(handle);
    });
    const out = path.join(tempDir("backup-out"), "quire.jsonl.gz");

    // A live process holds the directory (this test stands in for the server).
    fs.writeFileSync(path.join(source, "quire.pid"), String(process.pid));
    const refused = await run("backup", ["--out", out], { DATA_DIR: source });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(new RegExp(`Quire server \\(pid ${process.pid}\\) is using .*stop the server`));
    expect(fs.existsSync(out)).toBe(false);
    fs.rmSync(path.join(source, "quire.pid"));

    const backup = await run("backup", ["--out", out], { DATA_DIR: source });
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/documents: 4 rows/);
    expect(backup.output).toMatch(/1 files/);
    expect(backup.output).toMatch(/Sessions are not included/);

    const target = tempDir("restore");
    const restore = await run("restore", [out], { DATA_DIR: target });
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(/users: 2 rows/);
    // Restore migrated the new database: the server's next start needs no child process to check.
    expect(isMarkedMigrated(path.join(target, "db"))).toBe(true);
    const after = await withDatabase({ dataDir: target }, dump);
    expect(after).toEqual(before);
    expect(after.documents).toHaveLength(4);
    expect(after.accounts?.every((a) => typeof (a as { password?: unknown }).password === "string")).toBe(true);
    expect(blobFiles(path.join(target, "files"))).toEqual(blobFiles(path.join(source, "files")));
    const sessionCount = await withDatabase({ dataDir: target }, async (h) => rowsOf<{ n: number }>(await h.db.execute(sql`select count(*)::int as n from sessions`))[0]?.n);
    expect(sessionCount).toBe(0);

    // Not into a database that holds anything, unless --force; a cut-short file changes nothing.
    const again = await run("restore", [out], { DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/The database is not empty .* --force/);
    const cut = path.join(path.dirname(out), "cut.jsonl");
    const whole = (await import("node:zlib")).gunzipSync(fs.readFileSync(out)).toString().trimEnd().split("\n");
    fs.writeFileSync(cut, `${whole.slice(0, -1).join("\n")}\n`);
    const truncated = await run("restore", [cut, "--force"], { DATA_DIR: target });
    expect(truncated.code).toBe(1);
    expect(truncated.output).toMatch(/cut short/);
    expect(await withDatabase({ dataDir: target }, dump)).toEqual(before);
    const forced = await run("restore", [out, "--force"], { DATA_DIR: target });
    expect(forced.code, forced.output).toBe(0);
    expect(await withDatabase({ dataDir: target }, dump)).toEqual(before);
  }, 300_000);
});

const missing = missingServices();
describe.skipIf(missing !== null)(`npm run backup / restore on PostgreSQL${missing ? ` (skipped: ${missing})` : ""}`, () => {
  it("round-trips the whole instance into an empty database", async () => {
    const server = await startPostgres();
    services.push(server);
    const database = (name: string) => {
      const url = new URL(server.url);
      url.pathname = `/${name}`;
      return url.toString();
    };
    await withDatabase({ url: server.url }, async (h) => {
      await h.db.execute(sql.raw("create database source"));
      await h.db.execute(sql.raw("create database target"));
    });
    const sourceDir = tempDir("pg-src");
    const before = await withDatabase({ url: database("source") }, async (handle) => {
      await migrateDatabase(handle);
      await seed(handle, path.join(sourceDir, "files"));
      return dump(handle);
    });
    const out = path.join(tempDir("pg-out"), "quire.jsonl");
    const backup = await run("backup", ["--out", out], { DATA_DIR: sourceDir, DATABASE_URL: database("source") });
    expect(backup.code, backup.output).toBe(0);
    const targetDir = tempDir("pg-target");
    const restore = await run("restore", [out], { DATA_DIR: targetDir, DATABASE_URL: database("target") });
    expect(restore.code, restore.output).toBe(0);
    expect(await withDatabase({ url: database("target") }, dump)).toEqual(before);
    expect(blobFiles(path.join(targetDir, "files"))).toEqual(blobFiles(path.join(sourceDir, "files")));
  });
});
