import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import mammoth from "mammoth";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocument, buildUser, buildWorkspace, contextFor } from "@test/factories";
import type { Actor } from "@/server/context";
import { documents, files } from "@/server/db/schema";
import { renderDeltaHtml } from "@/server/body/render-delta-html";
import { DiskBlobStore } from "@/server/storage/blob-store";
import { EXPORT_FILE_URL_SECONDS, getFileUrlSigner } from "@/server/storage/file-url-signer";
import { closePdfPrinter, pdfUnavailableReason } from "@/server/formats/export/pdf-printer";
import { clearProcessSingleton, processSingleton } from "@/server/process-singleton";
import { uploadImage } from "@/server/services/files/upload-image";
import type { ExportedDocument } from "./export-document";
import { exportDocument } from "./export-document";
import { exportDocumentTree } from "./export-document-tree";
import { FIXTURES_DIR } from "@test/fixtures";
import { appErrorOf } from "@test/app-errors";
import { withTestDatabase } from "@test/test-database-hooks";

const FIXTURES = FIXTURES_DIR;
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, "export", name), "utf8");
// The uploaded image's id as the fixtures spell it; the test gives the real upload this id.
const UPLOAD_ID = "Zx8Kq2mVbN4pL7tR1sYw3A";
const ORIGIN = "http://quire.test";

const database = withTestDatabase();
let blobRoot: string;
let owner: Actor;
let viewer: Actor;
let outsider: Actor;
let workspaceId: string;
let sampleId: string;

beforeAll(async () => {
  blobRoot = fs.mkdtempSync(path.join(os.tmpdir(), "quire-export-"));
  // Exports read uploads through readFile's default store: register this test's store under its key.
  processSingleton("blob-store", () => new DiskBlobStore(blobRoot));
  owner = await buildUser(database.db, { name: "Owner" });
  viewer = await buildUser(database.db, { name: "Viewer" });
  outsider = await buildUser(database.db, { name: "Outsider" });
  const workspace = await buildWorkspace(database.db, [
    { actor: owner, role: "owner" },
    { actor: viewer, role: "viewer" },
  ]);
  await buildWorkspace(database.db, [{ actor: outsider, role: "owner" }]);
  workspaceId = workspace.id;
  sampleId = (await documentWithBody("Release notes", JSON.parse(fixture("export-sample.delta.json")))).id;
  const bytes = new Uint8Array(fs.readFileSync(path.join(FIXTURES, "images", "red.png")));
  const uploaded = await uploadImage(contextFor(database.db, owner), { documentId: sampleId, name: "red.png", bytes });
  await database.db.update(files).set({ id: UPLOAD_ID }).where(eq(files.id, uploaded.id));
});

afterAll(async () => {
  clearProcessSingleton("blob-store");
  await closePdfPrinter();
  fs.rmSync(blobRoot, { recursive: true, force: true });
});

async function documentWithBody(title: string, delta: unknown, parentId?: string) {
  const doc = await buildDocument(database.db, workspaceId, { title, parentId });
  const content = delta as { ops: [] };
  await database.db.update(documents).set({ content, html: await renderDeltaHtml(content) }).where(eq(documents.id, doc.id));
  return doc;
}

const paragraph = (text: string) => ({ ops: [{ insert: `${text}\n` }] });

async function bytesOf(file: ExportedDocument): Promise<Uint8Array> {
  return new Uint8Array(await new Response(file.body as BodyInit).arrayBuffer());
}

describe("exportDocument", () => {
  it("writes Markdown exactly as export-sample.md says, uploads linked absolute and signed for a year", async () => {
    const file = await exportDocument(contextFor(database.db, viewer), sampleId, "md", ORIGIN);
    expect(file.filename).toBe("release-notes.md");
    expect(file.contentType).toBe("text/markdown; charset=utf-8");
    const body = String(file.body);
    // The fixture spells the stored address; the export adds a signature whose value depends on the secret and the day.
    expect(body.replace(/\?expires=\d+&sig=[\w-]+\)/g, ")")).toBe(fixture("export-sample.md"));
    const link = new URL(/!\[\]\((http:\/\/quire\.test\/api\/v1\/files\/[^)]+)\)/.exec(body)?.[1] ?? "");
    const seconds = getFileUrlSigner().verify(UPLOAD_ID, link.searchParams.get("expires"), link.searchParams.get("sig"));
    expect(seconds).toBeGreaterThanOrEqual(EXPORT_FILE_URL_SECONDS);
    expect(seconds).toBeLessThanOrEqual(EXPORT_FILE_URL_SECONDS + 24 * 60 * 60);
  });

  it("signs no address for an upload the reader may not see: an unknown or another workspace's id keeps its stored address", async () => {
    const doc = await documentWithBody("Borrowed", { ops: [{ insert: { image: "/api/v1/files/Aa8Kq2mVbN4pL7tR1sYw3B" } }, { insert: "\n" }] });
    const file = await exportDocument(contextFor(database.db, viewer), doc.id, "md", ORIGIN);
    expect(String(file.body)).toContain("![](http://quire.test/api/v1/files/Aa8Kq2mVbN4pL7tR1sYw3B)");
  });

  it("writes standalone HTML as export-sample.html says (styles aside), uploads embedded", async () => {
    const file = await exportDocument(contextFor(database.db, viewer), sampleId, "html", ORIGIN);
    const body = String(file.body);
    expect(body).toContain("@font-face"); // KaTeX's fonts, inlined because the body has a formula
    expect(body).toContain("@media print");
    expect(body.replace(/<style>\n[\s\S]*\n<\/style>/, "<style>\n/* styles */\n</style>")).toBe(fixture("export-sample.html"));
  });

  it("writes a Word document with the headings, lists, link, formats and both images", async () => {
    const file = await exportDocument(contextFor(database.db, viewer), sampleId, "docx", ORIGIN);
    expect(file.filename).toBe("release-notes.docx");
    const { value: html } = await mammoth.convertToHtml({ buffer: Buffer.from(await bytesOf(file)) });
    expect(html).toContain("<h1>Overview</h1>");
    expect(html).toContain("<h2>Lists</h2>");
    expect(html).toContain("<h3>Tasks</h3>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<em>italic</em>");
    expect(html).toContain('<a href="https://example.com/docs?page=1">link to the docs</a>');
    expect(html).toContain("<ul><li>Fruit<ul><li>Apples<ul><li>Granny <strong>Smith</strong></li></ul></li><li>Pears</li></ul></li><li>Vegetables</li></ul>");
    expect(html).toContain("<ol><li>Install<ol><li>Download the archive</li><li>Unpack it</li></ol></li><li>Configure</li></ol>");
    // Check boxes are Word checkboxes (content controls), which mammoth reads as inputs.
    expect(html).toContain('<p><input type="checkbox" checked="checked" /> Write the changelog</p><p><input type="checkbox" /> Tag the release</p>');
    expect(html).toContain("<p>const total = items.reduce((sum, x) =&gt; sum + x, 0);</p>");
    expect(html).toContain("e=mc^2");
    const images = [...html.matchAll(/<img [^>]*src="data:(image\/[a-z]+);base64,/g)].map((m) => m[1]);
    expect(images).toEqual(["image/png", "image/png"]);
    expect(html).toContain('alt="Blue bar"');
  });

  it.skipIf(pdfUnavailableReason() !== null)("prints a PDF with the document's text (needs Chromium)", async () => {
    const file = await exportDocument(contextFor(database.db, viewer), sampleId, "pdf", ORIGIN);
    expect(file.contentType).toBe("application/pdf");
    const bytes = await bytesOf(file);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    for (const expected of ["Release notes", "Overview", "Granny Smith", "Write the changelog", "console.log(total);", "(https://example.com/docs?page=1)", "The end."]) {
      expect(text).toContain(expected);
    }
  });

  it("answers not_found to someone outside the workspace", async () => {
    expect((await appErrorOf(exportDocument(contextFor(database.db, outsider), sampleId, "md", ORIGIN))).code).toBe("not_found");
    expect((await appErrorOf(exportDocumentTree(contextFor(database.db, outsider), sampleId, "md", ORIGIN))).code).toBe("not_found");
  });

  it("leaves another workspace's upload a link", async () => {
    const elsewhere = await buildWorkspace(database.db, [{ actor: outsider, role: "owner" }]);
    const foreign = await buildDocument(database.db, elsewhere.id);
    const bytes = new Uint8Array(fs.readFileSync(path.join(FIXTURES, "images", "red.png")));
    const upload = await uploadImage(contextFor(database.db, outsider), { documentId: foreign.id, name: "x.png", bytes });
    const doc = await documentWithBody("Pasted", { ops: [{ insert: { image: upload.url } }, { insert: "\n" }] });
    const html = String((await exportDocument(contextFor(database.db, viewer), doc.id, "html", ORIGIN)).body);
    expect(html).toContain(`src="${upload.url}"`);
  });
});

describe("exportDocumentTree", () => {
  it("zips the live subtree as folders named by title, unique among siblings", async () => {
    const root = await documentWithBody("Handbook", paragraph("Root text"));
    const first = await documentWithBody("Guides", paragraph("First guides"), root.id);
    await documentWithBody("guides", paragraph("Second guides"), root.id);
    await documentWithBody("", paragraph("Nameless"), first.id);
    const trashed = await documentWithBody("Old", paragraph("gone"), root.id);
    await database.db.update(documents).set({ deletedAt: new Date(), deletedRootId: trashed.id }).where(eq(documents.id, trashed.id));

    const file = await exportDocumentTree(contextFor(database.db, viewer), root.id, "html", ORIGIN);
    expect(file.filename).toBe("handbook.zip");
    expect(file.contentType).toBe("application/zip");
    const entries = unzipSync(await bytesOf(file));
    expect(Object.keys(entries).sort()).toEqual(["handbook.html", "handbook/guides-2.html", "handbook/guides.html", "handbook/guides/untitled.html"]);
    expect(new TextDecoder().decode(entries["handbook/guides-2.html"])).toContain("Second guides");
  });

  it("bundles uploads for Markdown under images/ with relative links", async () => {
    const root = await documentWithBody("Images", paragraph("top"));
    const child = await documentWithBody("Child", JSON.parse(fixture("export-sample.delta.json")), root.id);
    const file = await exportDocumentTree(contextFor(database.db, viewer), root.id, "md", ORIGIN);
    const entries = unzipSync(await bytesOf(file));
    // "images" is the bundle's folder, so a root titled so is renamed.
    expect(Object.keys(entries).sort()).toEqual([`images-2.md`, `images-2/child.md`, `images/${UPLOAD_ID}.png`]);
    expect(new TextDecoder().decode(entries["images-2/child.md"])).toContain(`![](../images/${UPLOAD_ID}.png)`);
    expect(entries[`images/${UPLOAD_ID}.png`]).toEqual(new Uint8Array(fs.readFileSync(path.join(FIXTURES, "images", "red.png"))));
    expect(child.id).toBeTruthy();
  });

  it("stops at 25 levels even if the stored tree were deeper", async () => {
    // Moves and creation refuse a 26th level; rows inserted directly stand in for corrupt data.
    const root = await buildDocument(database.db, workspaceId, { title: "Level 1" });
    let parentId = root.id;
    for (let level = 2; level <= 27; level += 1) parentId = (await buildDocument(database.db, workspaceId, { title: `Level ${level}`, parentId })).id;
    const entries = unzipSync(await bytesOf(await exportDocumentTree(contextFor(database.db, viewer), root.id, "md", ORIGIN)));
    const deepest = Object.keys(entries).sort((a, b) => b.length - a.length)[0] ?? "";
    expect(Object.keys(entries)).toHaveLength(25);
    expect(deepest.split("/")).toHaveLength(25);
    expect(deepest.endsWith("/level-25.md")).toBe(true);
  });

  it("zips Word files that open", async () => {
    const root = await documentWithBody("Words", paragraph("Alpha"));
    await documentWithBody("More", paragraph("Beta"), root.id);
    const entries = unzipSync(await bytesOf(await exportDocumentTree(contextFor(database.db, viewer), root.id, "docx", ORIGIN)));
    expect(Object.keys(entries).sort()).toEqual(["words.docx", "words/more.docx"]);
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(entries["words/more.docx"] ?? new Uint8Array()) });
    expect(value).toContain("Beta");
  });
});
