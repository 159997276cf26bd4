import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInPerson } from "@test/auth-sessions";
import { createTestDatabase } from "@test/test-db";
import { withTestDatabase } from "@test/test-database-hooks";
import type { Auth } from "@/server/auth/auth";
import { createAuth } from "@/server/auth/auth";
import { users } from "@/server/db/schema";
import { DiskBlobStore } from "@/server/storage/blob-store";
import { backupInstance, openBackupOutput } from "./backup-instance";
import { restoreInstance } from "./restore-instance";

// A backup made before users.has_password existed (migration 0014) restores with the column
// derived from the accounts, not its default: an account single sign-on made stays passwordless.
const database = withTestDatabase();
let auth: Auth;
let dir: string;
beforeAll(() => {
  auth = createAuth({ db: database.db, secret: "test-secret-that-is-at-least-32-characters" });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-restore-"));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The backup file as an older Quire wrote it: no has_password in the users table's columns or rows. */
function withoutPasswordFlag(file: string): string {
  const lines = fs.readFileSync(file, "utf8").split("\n").map((line) => {
    if (line === "") return line;
    const entry = JSON.parse(line) as { tables?: Array<{ name: string; columns: string[] }>; table?: string; rows?: Array<Record<string, unknown>> };
    for (const table of entry.tables ?? []) if (table.name === "users") table.columns = table.columns.filter((column) => column !== "has_password");
    if (entry.table === "users") for (const row of entry.rows ?? []) delete row.has_password;
    return JSON.stringify(entry);
  });
  const older = path.join(dir, "older.jsonl");
  fs.writeFileSync(older, lines.join("\n"));
  return older;
}

describe("restoring a backup older than users.has_password", () => {
  it("derives it from the accounts: true with a password, false for an account single sign-on made", async () => {
    const person = await signedInPerson(auth);
    const { internalAdapter } = await auth.$context;
    const sso = await internalAdapter.createOAuthUser({ email: "made-by-sso@example.com", name: "Made by SSO", emailVerified: true }, { providerId: "sso", accountId: "subject-restore" });
    const file = path.join(dir, "backup.jsonl");
    const output = await openBackupOutput(file);
    const blobs = new DiskBlobStore(path.join(dir, "files"));
    await backupInstance(database, blobs, output.stream, () => undefined);
    await output.close();
    const older = withoutPasswordFlag(file);
    expect(fs.readFileSync(older, "utf8")).not.toContain("has_password");

    const target = await createTestDatabase();
    try {
      await restoreInstance(target, blobs, older, { force: false, log: () => undefined });
      const row = async (id: string) => (await target.db.select({ hasPassword: users.hasPassword, updatedAt: users.updatedAt }).from(users).where(eq(users.id, id)))[0];
      const original = async (id: string) => (await database.db.select({ updatedAt: users.updatedAt }).from(users).where(eq(users.id, id)))[0]?.updatedAt;
      expect(await row(person.actor.id)).toEqual({ hasPassword: true, updatedAt: await original(person.actor.id) });
      expect(await row(sso.user.id)).toEqual({ hasPassword: false, updatedAt: await original(sso.user.id) });
    } finally {
      await target.destroy();
    }
  });
});
