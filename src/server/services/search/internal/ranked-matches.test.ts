import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import type { TestDatabase } from "@test/test-db";
import { createTestDatabase } from "@test/test-db";
import { documents } from "@/server/db/schema";
import { searchDocuments } from "@/server/services/search/search-documents";
import { estimateMatches } from "./estimate-matches";
import { listRankedMatches, needsPhraseWindow, PHRASE_WINDOW, rankedMatchesSql } from "./ranked-matches";
import { phraseWordsTsQuery } from "./search-query";

// The phrase shapes of the ranked query (PHRASE_WINDOW), on whichever database the tests run on.
// A window of 3 stands for the 1,000 most recent documents: a workspace that large is the bench's.

let db: TestDatabase;
let workspaceId: string;
const docs: Record<string, string> = {};
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  db = await createTestDatabase();
  const owner = await buildUser(db.db);
  workspaceId = (await buildWorkspace(db.db, [{ actor: owner, role: "owner" }])).id;
  // Newest first. Every body holds "common" and "words", in that order only where named.
  const bodies: Array<[string, string, string]> = [
    ["newest", "Notes", "words then common, and the phrase: common words here"],
    ["second", "Notes", "words and common, apart"],
    ["third", "Notes", "common and words, apart, with a common words hint only in the title? no"],
    ["old", "Notes", "long ago: common words"],
    ["oldTitle", "Common words", "words, then common"],
  ];
  for (const [index, [key, title, text]] of bodies.entries()) {
    const updatedAt = new Date(Date.UTC(2026, 0, 10) - index * DAY);
    const doc = await buildDocument(db.db, workspaceId, { title });
    await db.db.update(documents).set({ text, updatedAt }).where(eq(documents.id, doc.id));
    docs[key] = doc.id;
  }
});
afterAll(async () => {
  await db.destroy();
});

async function matches(text: string, phraseWindow: number | null): Promise<string[]> {
  const { rows } = (await db.db.execute(rankedMatchesSql(workspaceId, text, { limit: 20, offset: 0 }, { phraseWindow }))) as unknown as { rows: Array<{ id: string }> };
  const names = new Map(Object.entries(docs).map(([key, id]) => [id, key]));
  return rows.map((row) => names.get(row.id) ?? row.id);
}

describe("rankedMatchesSql with a phrase window", () => {
  it("finds a phrase among common words in the window, and only where the words are adjacent", async () => {
    // "third" says "common words" too, inside its body: all three of the window are checked. The
    // title match comes first, from any age (below).
    expect(await matches('"common words"', 3)).toEqual(["oldTitle", "newest", "third"]);
    expect(await matches('"words common"', 3)).toEqual([]);
  });

  it("finds nothing for a phrase no document holds, though every document holds its words", async () => {
    expect(await matches('"words and apart"', 3)).toEqual([]);
    expect(await matches('"apart words"', 3)).toEqual([]);
  });

  it("applies exclusions with phrases inside the window", async () => {
    expect(await matches('"common words" -hint', 3)).toEqual(["oldTitle", "newest"]);
    expect(await matches('"common words" -"the phrase"', 3)).toEqual(["oldTitle", "third"]);
    expect(await matches('"words and" or "words then"', 3)).toEqual(["newest", "second"]);
  });

  it("looks at older bodies only without the window, but finds a title that holds the phrase at any age", async () => {
    // The documented price (PHRASE_WINDOW): "old" says it in its body, outside the newest 3.
    expect(await matches('"common words"', 3)).not.toContain("old");
    expect(new Set(await matches('"common words"', null))).toEqual(new Set(["newest", "third", "old", "oldTitle"]));
    // "oldTitle" says "words then" in its body only: outside the window, not found.
    expect(await matches('"words then"', 3)).toEqual(["newest"]);
    expect(await matches('"words then"', null)).toEqual(["newest", "oldTitle"]);
  });
});

describe("choosing the window", () => {
  it("loosens phrases to their words, leaves excluded phrases out, and is null without a phrase to find", async () => {
    const text = async (query: string) => {
      const loosened = phraseWordsTsQuery(query);
      if (!loosened) return null;
      const { rows } = (await db.db.execute(sql`select (${loosened})::text as q`)) as unknown as { rows: Array<{ q: string }> };
      return rows[0]?.q;
    };
    expect(await text('"Common Words" -"the phrase"')).toBe("'common' & 'words'");
    // Each alternative in parentheses: && and || are operators of one precedence in SQL.
    expect(await text('"common words" -hint or "a b" x')).toBe("'common' & 'words' & !'hint' | 'a' & 'b' & ( 'x' | 'x':* )");
    expect(await text("common words -hint")).toBeNull();
    expect(await text('-"common words"')).toBeNull();
    // An alternative of excluded phrases alone matches most documents: nothing to narrow.
    expect(await text('"common words" or -"the phrase"')).toBeNull();
    // A Chinese or Japanese word is the phrase of its characters: loosened to them, anywhere.
    expect(await text("天気 x")).toBe("( '天' & '気' | '天':* & '気':* ) & ( 'x' | 'x':* )");
    expect(await text("天")).toBeNull();
    expect(await text("x -天気")).toBeNull();
    expect(await text('"café crème" -天気')).toBe("'cafe' & 'creme'");
  });

  it("keeps every document in play when the planner expects few of them to hold the words", async () => {
    await db.db.execute(sql`analyze documents`);
    expect(await estimateMatches(db.db, workspaceId, phraseWordsTsQuery('"common words"') ?? sql`''`)).toBeGreaterThanOrEqual(1);
    expect(await needsPhraseWindow(db.db, workspaceId, '"common words"')).toBe(false);
    expect(await needsPhraseWindow(db.db, workspaceId, "common words")).toBe(false);
    const found = await listRankedMatches(db.db, workspaceId, '"common words"', { limit: 20, offset: 0 });
    expect(found.phraseWindow).toBeNull();
    expect(found.matches.map((m) => m.id)).toContain(docs.old);
  });
});

describe("a workspace where the phrase's words are everywhere", () => {
  it("looks in the newest PHRASE_WINDOW bodies and every title, and says so", async () => {
    const owner = await buildUser(db.db);
    const big = (await buildWorkspace(db.db, [{ actor: owner, role: "owner" }])).id;
    const at = (age: number) => new Date(Date.UTC(2026, 0, 10) - age * 60_000);
    const filler = (i: number) => ({ id: `phrasewin${String(i).padStart(5, "0")}`, workspaceId: big, position: `a${i}`, title: "Filler", text: "words common filler", updatedAt: at(i + 10) });
    const rows = Array.from({ length: PHRASE_WINDOW + 100 }, (_, i) => filler(i));
    for (let i = 0; i < rows.length; i += 250) await db.db.insert(documents).values(rows.slice(i, i + 250));
    const recent = await buildDocument(db.db, big, { title: "Recent" });
    const oldBody = await buildDocument(db.db, big, { title: "Old body" });
    const oldTitle = await buildDocument(db.db, big, { title: "Old common words" });
    await db.db.update(documents).set({ text: "the common words", updatedAt: at(0) }).where(eq(documents.id, recent.id));
    await db.db.update(documents).set({ text: "the common words", updatedAt: at(PHRASE_WINDOW + 500) }).where(eq(documents.id, oldBody.id));
    await db.db.update(documents).set({ text: "nothing", updatedAt: at(PHRASE_WINDOW + 500) }).where(eq(documents.id, oldTitle.id));
    await db.db.execute(sql`analyze documents`);

    expect(await needsPhraseWindow(db.db, big, '"common words"')).toBe(true);
    const page = await searchDocuments(contextFor(db.db, owner), { workspace: { id: big }, query: '"common words"' });
    expect(page.phraseWindow).toBe(PHRASE_WINDOW);
    expect(page.results.map((r) => r.id)).toEqual([oldTitle.id, recent.id]);
    // A rare title word is looked up in documents_title_search_idx: the query repeats its expression.
    const { rows: plan } = (await db.db.execute(sql`explain ${rankedMatchesSql(big, "recent", { limit: 20, offset: 0 })}`)) as unknown as {
      rows: Array<Record<string, string>>;
    };
    expect(plan.map((row) => Object.values(row)[0]).join("\n")).toContain("documents_title_search_idx");
    // A rarer word narrows the words to a few documents: every body is in play again.
    const narrowed = await searchDocuments(contextFor(db.db, owner), { workspace: { id: big }, query: '"common words" the' });
    expect(narrowed.phraseWindow).toBeNull();
    expect(new Set(narrowed.results.map((r) => r.id))).toEqual(new Set([recent.id, oldBody.id]));
  });
});
