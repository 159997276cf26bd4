import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import { SAMPLE_IMAGES } from "@test/file-factories";
import { MAX_TREE_DEPTH } from "@/shared/editor-rules";
import type { Role } from "@/shared/roles";
import { documents, files } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { DiskBlobStore } from "@/server/storage/blob-store";
import { sampleDocx } from "@test/import-fixtures";
import { clearProcessSingleton } from "@/server/process-singleton";
import { bodyWork, registerBodyWork } from "@/server/workers/body-work";
import { importFiles } from "./import-files";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();
let blobRoot: string;
let blobs: DiskBlobStore;
beforeAll(async () => {
  blobRoot = fs.mkdtempSync(path.join(os.tmpdir(), "quire-import-"));
  blobs = new DiskBlobStore(blobRoot);
});
afterAll(async () => {
  fs.rmSync(blobRoot, { recursive: true, force: true });
});

async function setup(role: Role = "editor") {
  const actor = await buildUser(database.db);
  const workspace = await buildWorkspace(database.db, [{ actor, role }]);
  const ctx = contextFor(database.db, actor);
  const run = (list: Array<{ name: string; bytes: Uint8Array }>, parentId: string | null = null) =>
    importFiles(ctx, { workspace: { id: workspace.id }, parentId, files: list }, blobs);
  return { actor, workspace, ctx, run };
}

const text = (value: string) => strToU8(value);
const png = () => new Uint8Array(SAMPLE_IMAGES["image/png"]);
const dataUri = (bytes: Uint8Array, mime: string) => `data:${mime};base64,${Buffer.from(bytes).toString("base64")}`;

async function rows(ids: string[]) {
  const found = await database.db.select().from(documents).where(inArray(documents.id, ids));
  return ids.map((id) => found.find((row) => row.id === id));
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe("importFiles", () => {
  it("imports several files at once, in name order, titled by a leading H1 or the file name", async () => {
    const { run, workspace } = await setup();
    const summary = await run([
      { name: "c-report.docx", bytes: await sampleDocx() },
      { name: "a-notes.md", bytes: text("# Meeting notes\n\n- **one**\n- two\n") },
      { name: "b-page.html", bytes: text("<p>No heading here, <em>just</em> text.</p>") },
    ]);
    expect(summary.skipped).toEqual([]);
    expect(summary.imported.map(({ title, path: where }) => ({ title, path: where }))).toEqual([
      { title: "Meeting notes", path: "a-notes.md" },
      { title: "b-page", path: "b-page.html" },
      { title: "Quarterly report", path: "c-report.docx" },
    ]);
    expect(summary.imported[0]?.url).toBe(`/w/${workspace.slug}/d/meeting-notes-${summary.imported[0]?.id}`);
    const [notes, page, report] = await rows(summary.imported.map((d) => d.id));
    expect(notes?.content.ops).toEqual([
      { insert: "one", attributes: { bold: true } }, { insert: "\n", attributes: { list: "bullet" } },
      { insert: "two" }, { insert: "\n", attributes: { list: "bullet" } },
    ]);
    expect(page?.text).toBe("No heading here, just text.\n");
    expect(report?.text).toContain("Summary\nSales were up a lot.");
    expect([notes, page, report].map((row) => row?.parentId)).toEqual([null, null, null]);
    expect(notes!.position < page!.position && page!.position < report!.position).toBe(true);
  });

  it("keeps a zip's folder tree: folders become documents, index.md is a folder's body, images become uploads", async () => {
    const { run } = await setup();
    const zip = zipSync({
      "handbook/index.md": text("# The handbook\n\nWelcome."),
      "handbook/guides/setup.md": text("# Setup\n\n![cat](../img/cat.png) and ![remote](https://example.com/r.png)\n"),
      "handbook/guides/2-later.md": text("Later"),
      "handbook/guides/10-last.md": text("Last"),
      "handbook/img/cat.png": png(),
      "handbook/data.csv": text("a,b"),
      "top.md": text("Top"),
    });
    const summary = await run([{ name: "export.zip", bytes: zip }]);
    expect(summary.imported.map((d) => [d.title, d.path])).toEqual([
      ["The handbook", "export.zip/handbook"],
      ["guides", "export.zip/handbook/guides"],
      ["2-later", "export.zip/handbook/guides/2-later.md"],
      ["10-last", "export.zip/handbook/guides/10-last.md"],
      ["Setup", "export.zip/handbook/guides/setup.md"],
      ["top", "export.zip/top.md"],
    ]);
    const [handbook, guides, later, last, setupDoc, top] = await rows(summary.imported.map((d) => d.id));
    expect(handbook?.parentId).toBeNull();
    expect(handbook?.text).toBe("Welcome.\n");
    expect(guides?.parentId).toBe(handbook?.id);
    expect(guides?.text).toBe("\n");
    expect([later, last, setupDoc].map((row) => row?.parentId)).toEqual([guides?.id, guides?.id, guides?.id]);
    expect(top?.parentId).toBeNull();
    const [upload] = await database.db.select().from(files).where(eq(files.documentId, setupDoc!.id));
    expect(upload).toMatchObject({ mime: "image/png", name: "cat.png" });
    expect(setupDoc?.content.ops).toEqual([
      { insert: { image: `/api/v1/files/${upload?.id}` }, attributes: { alt: "cat" } },
      { insert: " and " },
      { insert: { image: "https://example.com/r.png" }, attributes: { alt: "remote" } },
      { insert: "\n" },
    ]);
    expect(summary.skipped).toEqual([]); // the csv is a resource nobody refers to: not a document
  });

  it("makes a Word file named like a folder beside it that folder's body, after a Markdown or HTML one, and names it when it fails", async () => {
    const { run } = await setup();
    const zip = zipSync({
      // A Word tree export: report.docx is the body of report/.
      "report.docx": await sampleDocx(),
      "report/annex.md": text("Annex"),
      // The same tree in two formats side by side: Markdown is the body, the Word file stays a document.
      "notes.docx": await sampleDocx(),
      "notes.md": text("# Notes\n\nFrom Markdown."),
      "notes/child.md": text("Child"),
      // A folder's Word body that can't be read: the folder is still made for its children.
      "broken.docx": text("not a docx"),
      "broken/inside.md": text("Inside"),
    });
    const summary = await run([{ name: "export.zip", bytes: zip }]);
    const imported = await rows(summary.imported.map((d) => d.id));
    const titleOf = (id: string | null | undefined) => imported.find((row) => row?.id === id)?.title ?? null;
    expect(imported.map((row) => [row?.title, titleOf(row?.parentId)])).toEqual([
      ["broken", null],
      ["inside", "broken"],
      ["Notes", null],
      ["child", "Notes"],
      ["Quarterly report", null],
      ["Quarterly report", null],
      ["annex", "Quarterly report"],
    ]);
    expect(summary.imported.map((d) => d.path)).toEqual([
      "export.zip/broken", "export.zip/broken/inside.md", "export.zip/notes", "export.zip/notes/child.md", "export.zip/notes.docx", "export.zip/report", "export.zip/report/annex.md",
    ]);
    expect(imported[2]?.text).toBe("From Markdown.\n");
    expect(imported[5]?.text).toContain("Sales were up a lot.");
    expect(summary.skipped).toEqual([{ name: "export.zip/broken.docx", reason: "It could not be read as a Word document." }]);
  });

  it("uploads data: images (DOCX gives them), keeps relative addresses as written and drops what the picker refuses, with a note", async () => {
    const { run } = await setup();
    const svg = dataUri(text("<svg xmlns='http://www.w3.org/2000/svg'/>"), "image/svg+xml");
    const summary = await run([{ name: "pics.html", bytes: text(`<p>A <img src="${dataUri(png(), "image/png")}"> B <img src="${svg}"> C <img src="local.png"></p>`) }]);
    const [doc] = await rows([summary.imported[0]!.id]);
    const [upload] = await database.db.select().from(files).where(eq(files.documentId, doc!.id));
    expect(doc?.content.ops).toEqual([
      { insert: "A " }, { insert: { image: `/api/v1/files/${upload?.id}` } }, { insert: " B  C " }, { insert: { image: "local.png" } }, { insert: "\n" },
    ]);
    expect(doc?.html).toContain(`/api/v1/files/${upload?.id}`);
    expect(summary.skipped).toEqual([
      { name: "pics.html: an image the editor can't show", reason: "Image left out. Images can be http(s) addresses, PNG, GIF, JPEG, BMP or ICO data, or files in the zip." },
    ]);
  });

  it("uploads the picture of a Word document (mammoth hands it over as a data: URI)", async () => {
    const { run } = await setup();
    const summary = await run([{ name: "report.docx", bytes: await sampleDocx({ image: png() }) }]);
    const [doc] = await rows([summary.imported[0]!.id]);
    const [upload] = await database.db.select().from(files).where(eq(files.documentId, doc!.id));
    expect(upload?.mime).toBe("image/png");
    expect(doc?.content.ops.some((op) => JSON.stringify(op.insert) === JSON.stringify({ image: `/api/v1/files/${upload?.id}` }))).toBe(true);
    expect(summary.skipped).toEqual([]);
  });

  it("lists what it can't import and imports the rest", async () => {
    const { run } = await setup();
    const summary = await run([
      { name: "good.md", bytes: text("fine") },
      { name: "slides.pdf", bytes: text("%PDF") },
      { name: "huge.md", bytes: new Uint8Array(10 * 1024 * 1024 + 1) },
      { name: "broken.docx", bytes: text("not a docx") },
      { name: "broken.zip", bytes: text("not a zip") },
    ]);
    expect(summary.imported.map((d) => d.path)).toEqual(["good.md"]);
    expect(summary.skipped).toEqual([
      { name: "slides.pdf", reason: "Only Markdown (.md), HTML (.html), Word (.docx) and zip files can be imported." },
      { name: "huge.md", reason: "It is larger than 10 MB." },
      { name: "broken.zip", reason: "The zip was not imported: it is not a readable zip file." },
      { name: "broken.docx", reason: "It could not be read as a Word document." },
    ]);
  });

  it("lists a file past the conversion's limits with its reason and imports the files around it (QA report item 1)", async () => {
    const { run } = await setup();
    const summary = await run([
      { name: "a-ok.md", bytes: text("# OK doc\n\nhello\n") },
      { name: "b-nest.md", bytes: text(`${"- ".repeat(300_000)}x`) },
      { name: "c-ok.md", bytes: text("after") },
    ]);
    expect(summary.imported.map((d) => [d.path, d.title])).toEqual([
      ["a-ok.md", "OK doc"],
      ["c-ok.md", "c-ok"],
    ]);
    expect(summary.skipped).toEqual([{ name: "b-nest.md", reason: "It could not be imported: lists and quotes may be nested at most 100 deep, and this file nests them deeper." }]);
  });

  it("lists a file whose conversion failed on the server, and still reports what it imported before and after it", async () => {
    // As when the body worker converting it died: an Error, not an UnreadableFileError.
    const work = bodyWork();
    registerBodyWork({
      ...work,
      convert: async (file) => {
        if (new TextDecoder().decode(file.bytes) === "kills its worker") throw new Error("body worker exited with code 1");
        return work.convert(file);
      },
    });
    try {
      const { run } = await setup();
      const summary = await run([
        { name: "a.md", bytes: text("first") },
        { name: "b.md", bytes: text("kills its worker") },
        { name: "c.md", bytes: text("last") },
      ]);
      expect(summary.imported.map((d) => d.path)).toEqual(["a.md", "c.md"]);
      expect(summary.skipped).toEqual([{ name: "b.md", reason: "It could not be converted because of an error on the server." }]);
    } finally {
      clearProcessSingleton("body-work");
    }
  });

  it("refuses a zip bomb before inflating it and creates nothing from it", async () => {
    const { run, workspace } = await setup();
    const zeros = new Uint8Array(9 * 1024 * 1024);
    const bomb = zipSync(Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`part-${i}.md`, zeros])), { level: 1 });
    const summary = await run([{ name: "bomb.zip", bytes: bomb }]);
    expect(summary.imported).toEqual([]);
    expect(summary.skipped).toEqual([{ name: "bomb.zip", reason: expect.stringMatching(/^The zip was not imported: it would unpack to 225 MB.*zip bomb\.$/) }]);
    expect(await database.db.select().from(documents).where(eq(documents.workspaceId, workspace.id))).toEqual([]);
  }, 120_000); // compressing 225 MB of zeros to make the bomb: 11–20 s on a slow shared machine

  it("imports under a parent and skips what would sit deeper than the tree allows", async () => {
    const { run, workspace, actor } = await setup();
    let parentId: string | null = null;
    for (let depth = 1; depth < MAX_TREE_DEPTH; depth += 1) {
      parentId = (await buildDocument(database.db, workspace.id, { parentId, createdBy: actor.id })).id;
    }
    const zip = zipSync({ "fits.md": text("ok"), "folder/too-deep.md": text("no") });
    const summary = await run([{ name: "deep.zip", bytes: zip }], parentId);
    expect(summary.imported.map((d) => d.path)).toEqual(["deep.zip/fits.md", "deep.zip/folder"]);
    expect(summary.skipped).toEqual([{ name: "deep.zip/folder/too-deep.md", reason: "It would sit deeper than 25 levels." }]);
    const [fits] = await rows([summary.imported[0]!.id]);
    expect(fits?.parentId).toBe(parentId);
  });

  it("creates at most 500 documents and lists the rest", async () => {
    const { run } = await setup();
    const names = Array.from({ length: 502 }, (_, i) => `note-${String(i).padStart(3, "0")}.md`);
    const zip = zipSync(Object.fromEntries(names.map((name) => [name, text("x")])));
    const summary = await run([{ name: "many.zip", bytes: zip }]);
    expect(summary.imported).toHaveLength(500);
    expect(summary.skipped).toEqual([
      { name: "many.zip/note-500.md", reason: "An import creates at most 500 documents." },
      { name: "many.zip/note-501.md", reason: "An import creates at most 500 documents." },
    ]);
  }, 180_000);

  it.each(["viewer", "commenter"] as const)("refuses a %s with forbidden and creates nothing", async (role) => {
    const { run, workspace } = await setup(role);
    const error = await failure(run([{ name: "a.md", bytes: text("x") }]));
    expect(error.code).toBe("forbidden");
    expect(await database.db.select().from(documents).where(eq(documents.workspaceId, workspace.id))).toEqual([]);
  });

  it("answers not_found for another workspace's parent, a trashed parent and a workspace the actor is not in", async () => {
    const { run, ctx } = await setup();
    const other = await setup();
    const theirs = await buildDocument(database.db, other.workspace.id);
    expect((await failure(run([{ name: "a.md", bytes: text("x") }], theirs.id))).code).toBe("not_found");
    const mine = await setup();
    const trashed = await buildDocument(database.db, mine.workspace.id, { deletedAt: new Date() });
    expect((await failure(mine.run([{ name: "a.md", bytes: text("x") }], trashed.id))).code).toBe("not_found");
    const intoOther = importFiles(ctx, { workspace: { id: other.workspace.id }, parentId: null, files: [{ name: "a.md", bytes: text("x") }] }, blobs);
    expect((await failure(intoOther)).code).toBe("not_found");
  });
});
