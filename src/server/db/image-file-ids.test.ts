import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace } from "@test/factories";
import { withTestDatabase } from "@test/test-database-hooks";
import { documents } from "@/server/db/schema";
import { fileIdFromUrl } from "@/server/storage/file-urls";

const database = withTestDatabase();

const ID = "Zx8Kq2mVbN4pL7tR1sYw3A";
// Image addresses as a body may hold them: what fileIdFromUrl takes for an upload, and what it doesn't.
const SOURCES = [
  `/api/v1/files/${ID}`,
  `https://docs.example.com/api/v1/files/${ID}B?expires=1&sig=x`,
  `http://localhost:3000/api/v1/files/${ID}C#top`,
  `/api/v1/files/${"a".repeat(16)}`,
  `/api/v1/files/${"b".repeat(64)}`,
  `/api/v1/files/${"c".repeat(15)}`,
  `/api/v1/files/${"d".repeat(65)}`,
  "/api/v1/files/../../etc/passwd",
  `/api/v1/files/${ID}/more`,
  `ftp://example.com/api/v1/files/${ID}D`,
  `//example.com/api/v1/files/${ID}E`,
  `/w/acme/api/v1/files/${ID}F`,
  "https://example.com/cat.png",
  "data:image/png;base64,iVBORw0KGgo=",
  "",
];

async function imageFileIdsOf(content: unknown): Promise<string[]> {
  const { rows } = (await database.db.execute(sql`select quire_image_file_ids(${JSON.stringify(content)}::jsonb) as ids`)) as unknown as { rows: Array<{ ids: string[] }> };
  return rows[0]?.ids ?? [];
}

describe("documents.image_file_ids", () => {
  it("names the uploads a body's image embeds show exactly as fileIdFromUrl reads them, once each, in byte order", async () => {
    const ops = [...SOURCES, `/api/v1/files/${ID}`].flatMap((image) => [{ insert: { image } }, { insert: "\n" }]);
    const expected = [...new Set(SOURCES.map(fileIdFromUrl).filter((id): id is string => id !== null))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(expected).toHaveLength(5);
    expect(await imageFileIdsOf({ ops })).toEqual(expected);
  });

  it("ignores an address anywhere but an image embed: text, links, mentions, other shapes", async () => {
    const address = `/api/v1/files/${ID}`;
    const ops = [
      { insert: `${address}\n` },
      { insert: "link", attributes: { link: address } },
      { insert: { mention: { id: address, name: "x" } } },
      { insert: { image: { src: address } } },
      { insert: "\n" },
    ];
    expect(await imageFileIdsOf({ ops })).toEqual([]);
    expect(await imageFileIdsOf({})).toEqual([]);
    expect(await imageFileIdsOf([1, 2])).toEqual([]);
  });

  it("follows every store of the body", async () => {
    const owner = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor: owner, role: "owner" }]);
    const document = await buildDocument(database.db, workspace.id);
    const idsOf = async () => (await database.db.select({ ids: documents.imageFileIds }).from(documents).where(eq(documents.id, document.id)))[0]?.ids;
    expect(await idsOf()).toEqual([]);
    await database.db.update(documents).set({ content: { ops: [{ insert: { image: `/api/v1/files/${ID}` } }, { insert: "\n" }] } }).where(eq(documents.id, document.id));
    expect(await idsOf()).toEqual([ID]);
    await database.db.update(documents).set({ content: { ops: [{ insert: "gone\n" }] } }).where(eq(documents.id, document.id));
    expect(await idsOf()).toEqual([]);
  });
});
