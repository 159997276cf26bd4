import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import type { TestDatabase } from "@test/test-db";
import { createTestDatabase } from "@test/test-db";
import { BODY_YTEXT } from "@/shared/editor-rules";
import type { Actor } from "@/server/context";
import { documents } from "@/server/db/schema";
import { deriveDocument } from "@/server/body/derive-document";
import { AppError } from "@/server/errors";
import { storeDocumentState } from "@/server/services/documents/internal/store-document-state";
import { renameDocument } from "@/server/services/documents/rename-document";
import { trashDocument } from "@/server/services/documents/trash-document";
import { searchDocuments } from "./search-documents";

let db: TestDatabase;
let owner: Actor;
let workspaceId: string;
beforeAll(async () => {
  db = await createTestDatabase();
  owner = await buildUser(db.db);
  workspaceId = (await buildWorkspace(db.db, [{ actor: owner, role: "owner" }])).id;
});
afterAll(async () => {
  await db.destroy();
});

/** A document whose body is stored the way the collaboration server stores it. */
async function documentWithBody(title: string, body: string, options: { parentId?: string; workspace?: string } = {}) {
  const doc = await buildDocument(db.db, options.workspace ?? workspaceId, { title, parentId: options.parentId });
  const ydoc = new Y.Doc();
  ydoc.getText(BODY_YTEXT).insert(0, `${body}\n`);
  await storeDocumentState(db.db, doc.id, { ydoc: Y.encodeStateAsUpdate(ydoc), ...(await deriveDocument(ydoc)), updatedBy: owner.id });
  return doc;
}

const search = (query: string, options: { cursor?: string | null; limit?: number; actor?: Actor; workspace?: string } = {}) =>
  searchDocuments(contextFor(db.db, options.actor ?? owner), {
    workspace: { id: options.workspace ?? workspaceId },
    query,
    cursor: options.cursor,
    limit: options.limit,
  });
const ids = (page: { results: Array<{ id: string }> }) => page.results.map((r) => r.id);

async function expectBadRequest(promise: Promise<unknown>, message: RegExp) {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code: "bad_request", message: expect.stringMatching(message) });
}

describe("searchDocuments", () => {
  it("finds a word the collaboration server stored a moment ago, with a highlighted snippet", async () => {
    const doc = await documentWithBody("Meeting notes", "We agreed to ship the quokkafeature before winter.");
    const page = await search("quokkafeature");
    expect(ids(page)).toEqual([doc.id]);
    expect(page.results[0]).toMatchObject({
      title: "Meeting notes",
      // Fragments start and end on words longer than ShortWord (2), so "We" and the full stop go.
      snippet: "agreed to ship the <mark>quokkafeature</mark> before winter",
      path: [],
    });
  });

  it("finds a renamed title at once", async () => {
    const doc = await documentWithBody("Draft", "nothing here");
    await db.db.update(documents).set({ title: "Pelicanrename plan" }).where(eq(documents.id, doc.id));
    expect(ids(await search("pelicanrename"))).toEqual([doc.id]);
  });

  it("ranks a title match above documents that only mention the word in their body", async () => {
    const body = await documentWithBody("Weekly log", "zebrarank zebrarank zebrarank zebrarank, all about zebrarank.");
    const title = await documentWithBody("Zebrarank", "Unrelated text.");
    expect(ids(await search("zebrarank"))).toEqual([title.id, body.id]);
  });

  it("understands quoted phrases, or, and -exclusions", async () => {
    const a = await documentWithBody("A", "the owl flies at night over the quiet barn");
    const b = await documentWithBody("B", "at night the quiet owl flies over the barn");
    expect(ids(await search('"quiet barn" owl'))).toEqual([a.id]);
    expect(ids(await search("owl flies -quiet"))).toEqual([]);
    expect(new Set(ids(await search("owl barn")))).toEqual(new Set([a.id, b.id]));
    expect(ids(await search('"owl flies at" or nonexistentword'))).toEqual([a.id]);
    // A handful of documents: every body is searched for the phrase (PHRASE_WINDOW).
    expect((await search('"quiet barn"')).phraseWindow).toBeNull();
  });

  it("groups the words on each side of or: a document must hold every word of one side", async () => {
    const both = await documentWithBody("Left", "ospreyleft heronleft");
    await documentWithBody("Right half", "kestrelright alone");
    expect(ids(await search("ospreyleft heronleft or kestrelright finchright"))).toEqual([both.id]);
    expect(ids(await search('"ospreyleft heronleft" or kestrelright finchright'))).toEqual([both.id]);
  });

  it("matches the start of a word as one types it, in titles and bodies, and marks the whole word", async () => {
    const title = await documentWithBody("Gnuprefix migration", "nothing else");
    const body = await documentWithBody("Notes", "we fed the gnuprefixes at noon");
    expect(new Set(ids(await search("gnupre")))).toEqual(new Set([title.id, body.id]));
    expect(ids(await search("gnupre"))[0]).toBe(title.id);
    expect((await search("gnupref")).results.find((r) => r.id === body.id)?.snippet).toContain("<mark>gnuprefixes</mark>");
    // Only the start: the middle of a word is not a match.
    expect(ids(await search("uprefix"))).toEqual([]);
    // Quoted phrases and exclusions stay whole words.
    expect(ids(await search('"gnupre"'))).toEqual([]);
    expect(ids(await search("gnupre -gnuprefixes"))).toEqual([title.id]);
    // Every word of a query is a prefix, and all must match.
    expect(ids(await search("gnupre mig"))).toEqual([title.id]);
  });

  it("finds Chinese and Japanese words in the middle of a run, and marks those words as written", async () => {
    const weather = await documentWithBody("日記", "東京都の天気は晴れです。天ぷらと空気がおいしい。");
    const editor = await documentWithBody("設計メモ", "新しいテキストエディタの設計について議論しました。");
    const meeting = await documentWithBody("会议", "我们明天开会讨论预算问题。");
    for (const [query, found] of [
      ["東京", weather],
      ["天気", weather],
      ["晴れ", weather],
      ["です", weather],
      ["テキスト", editor],
      ["エディタ", editor],
      ["开会", meeting],
      ["讨论预算", meeting],
    ] as const) {
      expect(ids(await search(query)), query).toEqual([found.id]);
    }
    // The characters in that order and next to each other, not merely all present.
    expect(ids(await search("気天"))).toEqual([]);
    expect(ids(await search("東京天気"))).toEqual([]);
    const [result] = (await search("天気")).results;
    // 天 of 天ぷら and 気 of 空気 are not the word; nothing is added to the text.
    expect(result?.snippet).toBe("東京都の<mark>天気</mark>は晴れです。天ぷらと空気がおいしい");
    expect((await search("テキスト")).results[0]?.snippet).toContain("新しい<mark>テキスト</mark>エディタの設計");
    expect((await search("晴れ 東京")).results[0]?.snippet).toBe("<mark>東京</mark>都の天気は<mark>晴れ</mark>です。天ぷらと空気がおいしい");
  });

  it("takes Chinese and Japanese words in phrases, exclusions, or, and title ranking", async () => {
    const body = await documentWithBody("ノート", "来週の会議で予算案を説明します。予算は増えます。");
    const titled = await documentWithBody("予算案の説明", "詳細は後で。");
    const other = await documentWithBody("ノート", "来週は休みます。");
    expect(ids(await search("予算案"))).toEqual([titled.id, body.id]);
    expect(ids(await search('"会議で予算案"'))).toEqual([body.id]);
    expect(ids(await search('"予算案で会議"'))).toEqual([]);
    expect(ids(await search("来週 -会議"))).toEqual([other.id]);
    expect(new Set(ids(await search("休みます or 会議")))).toEqual(new Set([body.id, other.id]));
    expect((await search("予算 -休み")).results.find((r) => r.id === body.id)?.snippet).toContain("<mark>予算</mark>案");
  });

  it("finds Thai, Lao, Khmer and Burmese words in the middle of a run, and marks those words as written", async () => {
    // Real sentences, written as these languages are, without spaces between words.
    const thai = await documentWithBody("บันทึก", "ฉันกินข้าวที่โรงเรียนทุกวัน"); // I eat at school every day.
    const lao = await documentWithBody("ບັນທຶກ", "ປະເທດລາວມີພູເຂົາຫຼາຍ"); // Laos has many mountains.
    const khmer = await documentWithBody("កំណត់ត្រា", "ខ្ញុំចូលចិត្តរៀនភាសាខ្មែរ"); // I like learning Khmer.
    const burmese = await documentWithBody("မှတ်စု", "ကျွန်တော်သည်ရန်ကုန်မြို့တွင်နေထိုင်ပါသည်"); // I live in Yangon.
    for (const [query, found] of [
      ["โรงเรียน", thai],
      ["กินข้าว", thai],
      ["ทุกวัน", thai],
      ["ພູເຂົາ", lao],
      ["ມີພູເຂົາ", lao],
      ["រៀន", khmer],
      ["ចូលចិត្ត", khmer],
      ["ရန်ကုန်", burmese],
      ["မြို့", burmese],
    ] as const) {
      expect(ids(await search(query)), query).toEqual([found.id]);
    }
    // Whole words in that order: not two words the other way round, nor the end of a word.
    expect(ids(await search("ข้าวกิน"))).toEqual([]);
    expect(ids(await search("เรียน"))).toEqual([]);
    // As one types: the start of the next word.
    expect(ids(await search("กินข้"))).toEqual([thai.id]);
    expect((await search("โรงเรียน")).results[0]?.snippet).toBe("ฉันกินข้าวที่<mark>โรงเรียน</mark>ทุกวัน");
    // Two words of a run typed together are one mark, and nothing is added to the text.
    expect((await search("กินข้าว")).results[0]?.snippet).toBe("ฉัน<mark>กินข้าว</mark>ที่โรงเรียนทุกวัน");
    expect((await search("ພູເຂົາ")).results[0]?.snippet).toBe("ປະເທດລາວມີ<mark>ພູເຂົາ</mark>ຫຼາຍ");
    expect((await search("រៀន")).results[0]?.snippet).toBe("ខ្ញុំចូលចិត្ត<mark>រៀន</mark>ភាសាខ្មែរ");
    expect((await search("ရန်ကုန်")).results[0]?.snippet).toBe("ကျွန်တော်သည်<mark>ရန်ကုန်</mark>မြို့တွင်နေထိုင်ပါသည်");
  });

  it("takes Thai words in phrases, exclusions, or, and title ranking", async () => {
    const body = await documentWithBody("บันทึก", "พรุ่งนี้เราจะประชุมเรื่องงบประมาณที่สำนักงาน"); // Tomorrow we meet about the budget at the office.
    const titled = await documentWithBody("งบประมาณปีหน้า", "รายละเอียดอยู่ในเอกสารแนบ"); // Next year's budget / details attached.
    const other = await documentWithBody("บันทึก", "พรุ่งนี้เราจะไปเที่ยวทะเล"); // Tomorrow we go to the sea.
    await renameDocument(contextFor(db.db, owner), { documentId: other.id, title: "แผนการเดินทาง" }); // Travel plan
    expect(ids(await search("เดินทาง"))).toEqual([other.id]);
    expect(ids(await search("งบประมาณ"))).toEqual([titled.id, body.id]);
    expect(ids(await search("เที่ยวทะเล"))).toEqual([other.id]);
    expect(ids(await search('"ประชุมเรื่องงบประมาณ"'))).toEqual([body.id]);
    expect(ids(await search('"งบประมาณเรื่องประชุม"'))).toEqual([]);
    expect(ids(await search("พรุ่งนี้ -ประชุม"))).toEqual([other.id]);
    expect(new Set(ids(await search("ทะเล or สำนักงาน")))).toEqual(new Set([body.id, other.id]));
    expect((await search("งบประมาณ -ทะเล")).results.find((r) => r.id === body.id)?.snippet).toContain("เรื่อง<mark>งบประมาณ</mark>ที่");
    // The words of a query's run are marked where they stand together, not each wherever it stands.
    const water = await documentWithBody("น้ำ", "ฉันกินข้าวเสร็จแล้วจึงกินน้ำ"); // I finished eating, then drank water.
    expect((await search("กินข้าว")).results.find((r) => r.id === water.id)?.snippet).toBe("ฉัน<mark>กินข้าว</mark>เสร็จแล้วจึงกินน้ำ");
  });

  it("finds words whatever their accents, typed or written", async () => {
    const accented = await documentWithBody("Café notes", "The café served a naïve résumé of the Straße plan.");
    const plain = await documentWithBody("Plain notes", "A cafe with a naive resume of the strasse plan.");
    for (const query of ["cafe", "café", "CAFÉ", "naive", "naïve", "resume", "résumé", "résu", "strasse", "Straße", '"naive resume"', '"naïve résumé"']) {
      expect(new Set(ids(await search(query))), query).toEqual(new Set([accented.id, plain.id]));
    }
    expect(ids(await search("strasse -café"))).toEqual([]);
    expect((await search("cafe")).results.find((r) => r.id === accented.id)?.snippet).toContain("The <mark>café</mark> served");
    expect((await search("résumé")).results.find((r) => r.id === plain.id)?.snippet).toContain("naive <mark>resume</mark> of");
  });

  it("finds an accented word far into a long body and shows it in the snippet", async () => {
    const filler = Array.from({ length: 300 }, (_, i) => `filler${i}`).join(" ");
    const doc = await documentWithBody("Long", `${filler} then the crème brûlée arrived. ${filler}`);
    const [result] = (await search("creme brulee")).results;
    expect(result?.id).toBe(doc.id);
    expect(result?.snippet).toContain("<mark>crème</mark> <mark>brûlée</mark> arrived");
  });

  it("finds the number of a hyphenated word such as OKR-2026", async () => {
    const doc = await documentWithBody("Planning", "Quarterly OKR-2026 review, due 2026-03-31.");
    for (const query of ["2026", "OKR-2026", "okr", '"OKR-2026 review"', "03", "2026-03-31"]) {
      expect(ids(await search(query)), query).toEqual([doc.id]);
    }
    // (Fragments end on words longer than ShortWord: "-03-31" goes.)
    expect((await search("2026")).results[0]?.snippet).toBe("Quarterly OKR-<mark>2026</mark> review, due <mark>2026</mark>");
    expect((await search("okr-2026")).results[0]?.snippet).toContain("<mark>OKR</mark>-<mark>2026</mark> review");
  });

  it("never returns another workspace's documents or trashed ones", async () => {
    const stranger = await buildUser(db.db);
    const other = (await buildWorkspace(db.db, [{ actor: stranger, role: "owner" }])).id;
    await documentWithBody("Secret", "walrusleak in another workspace", { workspace: other });
    const trashed = await documentWithBody("Gone", "walrusleak in the trash");
    const child = await documentWithBody("Child", "walrusleak under the trashed one", { parentId: trashed.id });
    await trashDocument(contextFor(db.db, owner), { documentId: trashed.id });
    const live = await documentWithBody("Kept", "walrusleak here");
    expect(ids(await search("walrusleak"))).toEqual([live.id]);
    expect(ids(await search("walrusleak", { actor: stranger, workspace: other }))).toHaveLength(1);
    expect(child.id).not.toBe(live.id);
  });

  it("answers not_found for a workspace the actor is not a member of, and lets viewers search", async () => {
    const stranger = await buildUser(db.db);
    await expect(search("anything", { actor: stranger })).rejects.toMatchObject({ code: "not_found" });
    const viewer = await buildUser(db.db);
    const shared = (await buildWorkspace(db.db, [{ actor: owner, role: "owner" }, { actor: viewer, role: "viewer" }])).id;
    const doc = await documentWithBody("Viewer visible", "lemurview", { workspace: shared });
    expect(ids(await search("lemurview", { actor: viewer, workspace: shared }))).toEqual([doc.id]);
  });

  it("answers blank queries with no results, and survives hostile ones", async () => {
    await documentWithBody("Operators", "backslash a\\b and colon:star and plain hostile words");
    expect(await search("   \n\t ")).toMatchObject({ results: [], nextCursor: null });
    const hostile = ["&|!():*<->", '"unbalanced quote', "'", "a\\b", "\\", "hostile:*", "!hostile", "(hostile", "hostile <-> words", "--", "- -", "or", "\u0000hostile", "' or 1=1 --", "$1", "%_"];
    for (const query of hostile) {
      const page = await search(query);
      expect(Array.isArray(page.results), query).toBe(true);
    }
    expect(ids(await search("(hostile")).length).toBe(1);
    expect(ids(await search('"unbalanced hostile')).length).toBe(0);
  });

  it("refuses queries over 200 characters, up to a 10 KB one, with bad_request", async () => {
    await expect(search("x".repeat(200))).resolves.toMatchObject({ results: [] });
    await expectBadRequest(search("x".repeat(201)), /at most 200 characters/);
    await expectBadRequest(search("é".repeat(10 * 1024)), /at most 200 characters/);
  });

  it("escapes the document's text in snippets and marks only the matches", async () => {
    await documentWithBody("Markup", 'Beware <script>alert("x")</script> & <img src=x onerror=alert(1)> if a < b && "c" > d then escapecheck');
    const [result] = (await search("escapecheck")).results;
    const snippet = result?.snippet ?? "";
    expect(snippet).toContain("<mark>escapecheck</mark>");
    const withoutMarks = snippet.replaceAll("<mark>", "").replaceAll("</mark>", "");
    expect(withoutMarks).not.toMatch(/[<>"']/);
    expect(withoutMarks).not.toMatch(/&(?!(amp|lt|gt|quot|#39);)/);
    expect(withoutMarks).toContain("&amp;&amp; &quot;c&quot; &gt; d");
  });

  it("pages through ranked results with a cursor", async () => {
    const made = new Set<string>();
    for (let i = 0; i < 25; i += 1) made.add((await documentWithBody(`Page ${i}`, `pagingword number ${i}`)).id);
    const first = await search("pagingword", { limit: 10 });
    const second = await search("pagingword", { limit: 10, cursor: first.nextCursor });
    const third = await search("pagingword", { limit: 10, cursor: second.nextCursor });
    expect([first.results.length, second.results.length, third.results.length]).toEqual([10, 10, 5]);
    expect(third.nextCursor).toBeNull();
    expect(new Set([...ids(first), ...ids(second), ...ids(third)])).toEqual(made);
    expect((await search("pagingword")).results).toHaveLength(20);
    await expectBadRequest(search("pagingword", { cursor: "garbage" }), /cursor/);
  });

  it("gives each result the titles of its ancestors, top level first", async () => {
    const top = await buildDocument(db.db, workspaceId, { title: "Handbook" });
    const middle = await buildDocument(db.db, workspaceId, { title: "", parentId: top.id });
    const leaf = await documentWithBody("Leaf", "breadcrumbword", { parentId: middle.id });
    const [result] = (await search("breadcrumbword")).results;
    expect(result?.id).toBe(leaf.id);
    expect(result?.path).toEqual([
      { id: top.id, title: "Handbook" },
      { id: middle.id, title: "" },
    ]);
  });
});
