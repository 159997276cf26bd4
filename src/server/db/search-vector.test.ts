import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import type { TestDatabase } from "@test/test-db";
import { createTestDatabase } from "@test/test-db";
import { documents } from "@/server/db/schema";
import { renameDocument } from "@/server/services/documents/rename-document";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.destroy();
});

async function vectorOf(id: string): Promise<string | undefined> {
  const [row] = await db.db.select({ vector: sql<string>`${documents.searchVector}::text` }).from(documents).where(eq(documents.id, id));
  return row?.vector;
}

describe("documents.search_vector", () => {
  it("weighs the title A and the body B, words as written", async () => {
    const owner = await buildUser(db.db);
    const workspace = await buildWorkspace(db.db, [{ actor: owner, role: "owner" }]);
    const document = await buildDocument(db.db, workspace.id, { title: "Quarterly Plans" });
    await db.db.update(documents).set({ text: 'Running the plans {"json": 1}' }).where(eq(documents.id, document.id));
    // Body positions continue after the title's.
    expect(await vectorOf(document.id)).toBe("'1':7B 'json':6B 'plans':2A,5B 'quarterly':1A 'running':3B 'the':4B");
  });

  it("follows a rename at once", async () => {
    const owner = await buildUser(db.db);
    const workspace = await buildWorkspace(db.db, [{ actor: owner, role: "owner" }]);
    const document = await buildDocument(db.db, workspace.id, { title: "Draft" });
    await db.db.update(documents).set({ text: "body words" }).where(eq(documents.id, document.id));
    await renameDocument(contextFor(db.db, owner), { documentId: document.id, title: "Zanzibar roadmap" });
    expect(await vectorOf(document.id)).toBe("'body':3B 'roadmap':2A 'words':4B 'zanzibar':1A");
  });

  it("indexes a body at the 1,000,000-character limit of distinct words", async () => {
    const words: string[] = [];
    for (let i = 0, length = 0; length < 1_000_000; i += 1) {
      words.push(`w${i.toString(36)}x`);
      length += words.at(-1)!.length + 1;
    }
    const text = words.join(" ").slice(0, 1_000_000);
    const owner = await buildUser(db.db);
    const workspace = await buildWorkspace(db.db, [{ actor: owner, role: "owner" }]);
    const document = await buildDocument(db.db, workspace.id);
    await db.db.update(documents).set({ text }).where(eq(documents.id, document.id));
    const [row] = await db.db
      .select({ lexemes: sql<number>`length(${documents.searchVector})` })
      .from(documents)
      .where(eq(documents.id, document.id));
    expect(Number(row?.lexemes)).toBeGreaterThan(20_000);
  });
});
