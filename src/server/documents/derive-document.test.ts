import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { buildDocument, buildUser, buildWorkspace } from "../../../test/factories";
import type { TestDatabase } from "../../../test/test-db";
import { createTestDatabase } from "../../../test/test-db";
import { BODY_YTEXT } from "../../shared/editor-rules";
import { documents } from "../db/schema";
import { bodyDelta, deriveDocument, searchVectorSql } from "./derive-document";

function docWithBody(ops: unknown[]): Y.Doc {
  const doc = new Y.Doc();
  doc.getText(BODY_YTEXT).applyDelta(ops);
  return doc;
}

describe("deriveDocument", () => {
  it("derives a sanitised delta, its text and its HTML from the Y.Doc", async () => {
    const doc = docWithBody([
      { insert: "Plan" },
      { insert: "\n", attributes: { header: 2 } },
      { insert: "click", attributes: { link: "javascript:alert(1)" } },
      { insert: { image: "ftp://x/y.png" } },
      { insert: { video: "https://example.com/v" } },
    ]);
    const derived = await deriveDocument(doc);
    expect(derived.content).toEqual({
      ops: [
        { insert: "Plan" },
        { insert: "\n", attributes: { header: 2 } },
        { insert: "click", attributes: { link: "about:blank" } },
        { insert: { image: "" } },
        { insert: "\n" },
      ],
    });
    expect(derived.text).toBe("Plan\nclick\n");
    expect(derived.html).toBe(
      '<h2>Plan</h2><p><a href="about:blank" rel="noopener noreferrer" target="_blank">click</a><img src=""></p>',
    );
  });

  it("reads an encoded update as well as a Y.Doc, and leaves the Y.Doc untouched", async () => {
    const doc = docWithBody([{ insert: "Hello\n" }]);
    const before = Y.encodeStateAsUpdate(doc);
    expect(bodyDelta(Y.encodeStateAsUpdate(doc))).toEqual({ ops: [{ insert: "Hello\n" }] });
    expect((await deriveDocument(doc)).text).toBe("Hello\n");
    expect(Y.encodeStateAsUpdate(doc)).toEqual(before);
  });

  it("gives an empty body one newline, as Quill does", () => {
    expect(bodyDelta(new Y.Doc())).toEqual({ ops: [{ insert: "\n" }] });
  });
});

describe("searchVectorSql", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.destroy();
  });

  it("weighs the row's title A and the body B, words as written", async () => {
    const owner = await buildUser(db.db);
    const workspace = await buildWorkspace(db.db, [{ actor: owner, role: "owner" }]);
    const document = await buildDocument(db.db, workspace.id, { title: "Quarterly Plans" });
    await db.db
      .update(documents)
      .set({ searchVector: searchVectorSql(documents.title, "Running the plans {\"json\": 1}") })
      .where(eq(documents.id, document.id));
    const [row] = await db.db
      .select({ vector: sql<string>`${documents.searchVector}::text` })
      .from(documents)
      .where(eq(documents.id, document.id));
    // Body positions continue after the title's, so phrase search never spans the two.
    expect(row?.vector).toBe("'1':7B 'json':6B 'plans':2A,5B 'quarterly':1A 'running':3B 'the':4B");
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
    await db.db.update(documents).set({ searchVector: searchVectorSql(documents.title, text) }).where(eq(documents.id, document.id));
    const [row] = await db.db
      .select({ lexemes: sql<number>`length(${documents.searchVector})` })
      .from(documents)
      .where(eq(documents.id, document.id));
    expect(Number(row?.lexemes)).toBeGreaterThan(20_000);
  });
});
