import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import type { TestDatabase } from "@test/test-db";
import { createTestDatabase } from "@test/test-db";
import { documents } from "@/server/db/schema";
import * as Y from "yjs";
import { BODY_YTEXT } from "@/shared/editor-rules";
import { MAX_INDEXED_CHARS, SEARCH_SEPARATOR, SPLIT_CLASS, SPLIT_RANGES } from "@/server/db/search-config";
import { WORD_BREAK } from "@/server/db/word-breaks";
import { deriveDocument } from "@/server/body/derive-document";
import { storeDocumentState } from "@/server/services/documents/internal/store-document-state";
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

  it("drops accents, makes each Chinese or Japanese character a word, and reads OKR-2026 as okr and 2026", async () => {
    const owner = await buildUser(db.db);
    const workspace = await buildWorkspace(db.db, [{ actor: owner, role: "owner" }]);
    const document = await buildDocument(db.db, workspace.id, { title: "Café résumé" });
    await db.db.update(documents).set({ text: "東京都の天気。 NAÏVE Straße OKR-2026 테스트" }).where(eq(documents.id, document.id));
    expect(await vectorOf(document.id)).toBe(
      "'2026':12B 'cafe':1A 'naive':9B 'okr':11B 'resume':2A 'strasse':10B 'の':6B '京':4B '天':7B '東':3B '気':8B '都':5B '테스트':13B",
    );
  });

  it("reads the words of Thai, Lao, Khmer and Burmese runs apart, in the title and the body the collaboration server stores", async () => {
    const owner = await buildUser(db.db);
    const workspace = await buildWorkspace(db.db, [{ actor: owner, role: "owner" }]);
    const document = await buildDocument(db.db, workspace.id);
    await renameDocument(contextFor(db.db, owner), { documentId: document.id, title: "งบประมาณ" });
    const ydoc = new Y.Doc();
    ydoc.getText(BODY_YTEXT).insert(0, "ฉันกินข้าว ພູເຂົາຫຼາຍ ចូលចិត្តរៀន ရန်ကုန်မြို့\n");
    await storeDocumentState(db.db, document.id, { ydoc: Y.encodeStateAsUpdate(ydoc), ...(await deriveDocument(ydoc)), updatedBy: owner.id });
    expect(await vectorOf(document.id)).toBe(
      "'กิน':4B 'ข้าว':5B 'งบ':1A 'ฉัน':3B 'ประมาณ':2A 'ພູເຂົາ':6B 'ຫຼາຍ':7B 'ကုန်':11B 'မြို့':12B 'ရန်':10B 'ចូលចិត្ត':8B 'រៀន':9B",
    );
  });

  it("reads the text as it is when segmented_text is not the text with word breaks (a write that forgot it)", async () => {
    const owner = await buildUser(db.db);
    const workspace = await buildWorkspace(db.db, [{ actor: owner, role: "owner" }]);
    const document = await buildDocument(db.db, workspace.id, { title: "t" });
    await db.db.update(documents).set({ text: "กินข้าว", segmentedText: `กิน${WORD_BREAK}ข้าว` }).where(eq(documents.id, document.id));
    expect(await vectorOf(document.id)).toBe("'t':1A 'กิน':2B 'ข้าว':3B");
    await db.db.update(documents).set({ text: "ทุกวัน" }).where(eq(documents.id, document.id));
    expect(await vectorOf(document.id)).toBe("'t':1A 'ทุกวัน':2B");
    await db.db.update(documents).set({ title: "ข้าวมันไก่", segmentedTitle: `กิน${WORD_BREAK}ข้าว` }).where(eq(documents.id, document.id));
    expect(await vectorOf(document.id)).toBe("'ข้าวมันไก่':1A 'ทุกวัน':2B");
  });

  it("splits exactly the characters of SPLIT_RANGES, in the database as in search-config.ts", async () => {
    const codes = SPLIT_RANGES.flatMap(([from, to]) => [from - 1, from, to, to + 1]).filter((code) => !(code >= 0xd800 && code <= 0xdfff));
    const text = codes.map((code) => String.fromCodePoint(code)).join("");
    const { rows } = (await db.db.execute(sql`select quire_search_text(${`${text}${SEARCH_SEPARATOR}-1 -x a-2`}::text) as t`)) as unknown as { rows: Array<{ t: string }> };
    const split = new RegExp(`[${SPLIT_CLASS}]`, "u");
    const expected = [...text].map((char) => (split.test(char) ? `${SEARCH_SEPARATOR}${char}${SEARCH_SEPARATOR}` : char)).join("");
    // The text's own separator is dropped; a hyphen before a digit is cut from it.
    expect(rows[0]?.t).toBe(`${expected}-${SEARCH_SEPARATOR}1 -x a-${SEARCH_SEPARATOR}2`);
    // A word break becomes a separator.
    const { rows: broken } = (await db.db.execute(sql`select quire_search_text(${`กิน${WORD_BREAK}ข้าว${SEARCH_SEPARATOR}x`}::text) as t`)) as unknown as { rows: Array<{ t: string }> };
    expect(broken[0]?.t).toBe(`กิน${SEARCH_SEPARATOR}ข้าวx`);
  });

  it("indexes the costliest body the cap lets in, of which 150,000 characters would overflow the vector", async () => {
    // Every letter of SPLIT_RANGES once (8 bytes each), then one-letter hyphenated words of new
    // letters the parser takes for words ("가-각 ": the compound and both parts), widest first:
    // about 7 bytes a character.
    const split = new RegExp(`^[${SPLIT_CLASS}]$`, "u");
    const splitLetters: string[] = [];
    const letters: string[] = [];
    for (let code = 0x80; code <= 0x323af; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      if (/^\p{L}$/u.test(char)) (split.test(char) ? splitLetters : letters).push(char);
    }
    const { rows: words } = (await db.db.execute(sql`select token from ts_parse('default', ${letters.join(" ")}::text) where tokid <> 12`)) as unknown as {
      rows: Array<{ token: string }>;
    };
    const otherLetters = words.map((word) => word.token).filter((token) => [...token].length === 1);
    otherLetters.sort((a, b) => Buffer.byteLength(b) - Buffer.byteLength(a));
    const hyphenated: string[] = [];
    for (let i = 0; i + 1 < otherLetters.length; i += 2) hyphenated.push(`${otherLetters[i]}-${otherLetters[i + 1]} `);
    const text = [...`${splitLetters.join("")}${hyphenated.join("")}`].slice(0, 200_000).join("");
    const owner = await buildUser(db.db);
    const workspace = await buildWorkspace(db.db, [{ actor: owner, role: "owner" }]);
    const document = await buildDocument(db.db, workspace.id, { title: hyphenated.slice(0, 50).join("").slice(0, 200) });
    await db.db.update(documents).set({ text }).where(eq(documents.id, document.id));
    const [row] = await db.db
      .select({ lexemes: sql<number>`length(${documents.searchVector})` })
      .from(documents)
      .where(eq(documents.id, document.id));
    expect(Number(row?.lexemes)).toBeGreaterThan(100_000);
    expect(MAX_INDEXED_CHARS).toBe(130_000);
    const overflow = await db.db
      .execute(sql`select length(to_tsvector('quire_search', quire_search_text(left(${text}::text, 150000)))) as n`)
      .then(() => "indexed", (error: unknown) => String((error as { cause?: { code?: string } }).cause?.code ?? "failed"));
    expect(overflow).toBe("54000");
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
