import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, buildWorkspace, contextFor } from "@test/factories";
import { documents } from "@/server/db/schema";
import type { BodyOp } from "@/server/body/sanitize-delta";
import { DiskBlobStore } from "@/server/storage/blob-store";
import { createDocument } from "@/server/services/documents/create-document";
import { exportDocument } from "@/server/services/documents/export-document";
import { exportDocumentTree } from "@/server/services/documents/export-document-tree";
import { importFiles } from "./import-files";
import { withTestDatabase } from "@test/test-database-hooks";

const database = withTestDatabase();
let blobRoot: string;
beforeAll(async () => {
  blobRoot = fs.mkdtempSync(path.join(os.tmpdir(), "quire-round-trip-"));
});
afterAll(async () => {
  fs.rmSync(blobRoot, { recursive: true, force: true });
});

const line = (text: string, attributes?: BodyOp["attributes"]): BodyOp[] => [{ insert: text }, { insert: "\n", ...(attributes && { attributes }) }];

// Every construct the Markdown export writes and the import reads back.
const SAMPLE: BodyOp[] = [
  ...line("Overview", { header: 2 }),
  { insert: "Plain, " }, { insert: "bold", attributes: { bold: true } }, { insert: ", " },
  { insert: "italic", attributes: { italic: true } }, { insert: ", " },
  { insert: "underlined", attributes: { underline: true } }, { insert: ", " },
  { insert: "struck", attributes: { strike: true } }, { insert: ", " },
  { insert: "code", attributes: { code: true } }, { insert: " and a " },
  { insert: "link", attributes: { link: "https://example.com/a?b=1" } }, { insert: ".\n" },
  ...line("Fruit", { list: "bullet" }), ...line("Apples", { list: "bullet", indent: 1 }), ...line("Granny", { list: "bullet", indent: 2 }),
  ...line("Install", { list: "ordered" }), ...line("Download", { list: "ordered", indent: 1 }), ...line("Run", { list: "ordered" }),
  ...line("Done", { list: "checked" }), ...line("Todo", { list: "unchecked" }),
  ...line("Details", { header: 3 }),
  { insert: "const a = 1;" }, { insert: "\n", attributes: { "code-block": "javascript" } },
  { insert: "return a;" }, { insert: "\n", attributes: { "code-block": "javascript" } },
  { insert: "Energy is " }, { insert: { formula: "e=mc^2" } }, { insert: " here.\n" },
  { insert: { image: "https://example.com/cat.png" } }, { insert: "\n" },
  ...line("Measure twice.", { blockquote: true }),
  ...line("The end."),
];

// What Markdown holds and Word (through mammoth) does not: code indentation and blank lines,
// spaces a reader would collapse, sub/superscript, a relative image with its size, links and
// emphasis on code, characters Markdown reads as markup.
const MARKDOWN_ONLY: BodyOp[] = [
  { insert: "\tif (a)  " }, { insert: "\n\n", attributes: { "code-block": "javascript" } },
  { insert: "H" }, { insert: "2", attributes: { script: "sub" } }, { insert: "O  and  " },
  { insert: "npm test", attributes: { code: true, link: "https://docs.example/test" } }, { insert: " <b> &amp; C#!" },
  { insert: "here", attributes: { link: "https://example.com" } }, { insert: "\n" },
  { insert: { image: "diagrams/flow.png" }, attributes: { width: "120", alt: "Flow" } }, { insert: "\n" },
  ...line("C#", { header: 2 }),
];

// What Markdown can't hold (docs/architecture.md "Import"): these formats are lost on the way.
const LOST: BodyOp[] = [
  { insert: "red", attributes: { color: "#e60000" } }, { insert: " " },
  { insert: "marked", attributes: { background: "#ffff00" } }, { insert: " " },
  { insert: "mono", attributes: { font: "monospace" } }, { insert: " " },
  { insert: "big", attributes: { size: "large" } }, { insert: "\n", attributes: { align: "center" } },
  { insert: "\n" }, // an empty line
  { insert: "indented" }, { insert: "\n", attributes: { indent: 1 } },
];
const LOST_AFTER: BodyOp[] = [{ insert: "red marked mono big\nindented\n" }];

async function roundTrip(ops: BodyOp[], format: "md" | "docx" | "html" = "md") {
  const actor = await buildUser(database.db);
  const workspace = await buildWorkspace(database.db, [{ actor, role: "editor" }]);
  const ctx = contextFor(database.db, actor);
  const original = await createDocument(ctx, { workspaceId: workspace.id, title: "Release notes" }, { body: { ops } });
  const exported = await exportDocument(ctx, original.id, format, "https://quire.example");
  if (exported.body instanceof ReadableStream) throw new Error("a single document's export is not streamed");
  const bytes = typeof exported.body === "string" ? new TextEncoder().encode(exported.body) : exported.body;
  const summary = await importFiles(
    ctx,
    { workspace: { id: workspace.id }, parentId: null, files: [{ name: exported.filename, bytes }] },
    new DiskBlobStore(blobRoot),
  );
  const [before] = await database.db.select().from(documents).where(eq(documents.id, original.id));
  const [after] = await database.db.select().from(documents).where(eq(documents.id, summary.imported[0]!.id));
  return { before, after, summary };
}

describe("Markdown export then import", () => {
  it("gives back the same title and delta for everything Markdown can hold", async () => {
    const { before, after, summary } = await roundTrip([...SAMPLE, ...MARKDOWN_ONLY]);
    expect(summary.skipped).toEqual([]);
    expect(after?.title).toBe("Release notes");
    expect(after?.content).toEqual(before?.content);
  });

  it("loses colours, backgrounds, fonts, sizes, alignment, indentation outside lists and empty lines, and only those", async () => {
    const { after } = await roundTrip(LOST);
    expect(after?.content.ops).toEqual(LOST_AFTER);
  });
});

// What the DOCX export → import loses of SAMPLE (docs/architecture.md "Import"): check lists come
// back as ☑/☐ text, inline code and code blocks as plain text (Word has no such structure, only
// a monospace font), a formula as its TeX in italics, a remote image as a link (the export never
// downloads it), and a quote as a plain paragraph.
const SAMPLE_AFTER_DOCX: BodyOp[] = [
  ...line("Overview", { header: 2 }),
  { insert: "Plain, " }, { insert: "bold", attributes: { bold: true } }, { insert: ", " },
  { insert: "italic", attributes: { italic: true } }, { insert: ", " },
  { insert: "underlined", attributes: { underline: true } }, { insert: ", " },
  { insert: "struck", attributes: { strike: true } }, { insert: ", code and a " },
  { insert: "link", attributes: { link: "https://example.com/a?b=1" } }, { insert: ".\nFruit" },
  { insert: "\n", attributes: { list: "bullet" } },
  ...line("Apples", { list: "bullet", indent: 1 }), ...line("Granny", { list: "bullet", indent: 2 }),
  ...line("Install", { list: "ordered" }), ...line("Download", { list: "ordered", indent: 1 }), ...line("Run", { list: "ordered" }),
  { insert: "☑ Done\n☐ Todo\nDetails" }, { insert: "\n", attributes: { header: 3 } },
  { insert: "const a = 1;\nreturn a;\nEnergy is " }, { insert: "e=mc^2", attributes: { italic: true } }, { insert: " here.\n" },
  { insert: "[image: https://example.com/cat.png]", attributes: { link: "https://example.com/cat.png" } },
  { insert: "\nMeasure twice.\nThe end.\n" },
];

describe("DOCX export then import", () => {
  it("gives back the title, headings, inline formats, links and nested lists, and loses only the listed formats", async () => {
    const { after, summary } = await roundTrip(SAMPLE, "docx");
    expect(summary.skipped).toEqual([]);
    expect(after?.title).toBe("Release notes");
    expect(after?.content.ops).toEqual(SAMPLE_AFTER_DOCX);
  });
});

// A table with a header row, a row of plain cells, and a header row further down (the editor
// marks any row; docs/product.md "Tables").
const TABLE: BodyOp[] = [
  ...line("Before"),
  { insert: "Name" }, { insert: "\n", attributes: { table: "row-h1", "table-header": true } },
  { insert: "Value", attributes: { bold: true } }, { insert: "\n", attributes: { table: "row-h1", "table-header": true } },
  { insert: "alpha" }, { insert: "\n", attributes: { table: "row-b1" } },
  { insert: "1" }, { insert: "\n", attributes: { table: "row-b1" } },
  { insert: "Totals" }, { insert: "\n\n", attributes: { table: "row-h2", "table-header": true } },
  ...line("After"),
];

/** Table rows are fresh ids on import: each id replaced by its order of appearance. */
function withRowNumbers(ops: readonly { insert?: unknown; attributes?: Record<string, unknown> }[]): unknown[] {
  const rows = new Map<unknown, number>();
  return ops.map((op) => {
    if (op.attributes?.table === undefined) return op;
    if (!rows.has(op.attributes.table)) rows.set(op.attributes.table, rows.size);
    return { ...op, attributes: { ...op.attributes, table: rows.get(op.attributes.table) } };
  });
}

describe("HTML export then import", () => {
  it("gives back the same delta: header rows wherever they are, spaces, colours, alignment, empty lines", async () => {
    const { before, after, summary } = await roundTrip([...SAMPLE, ...TABLE, ...MARKDOWN_ONLY, ...LOST], "html");
    expect(summary.skipped).toEqual([]);
    expect(after?.title).toBe("Release notes");
    expect(withRowNumbers(after?.content.ops ?? [])).toEqual(withRowNumbers(before?.content.ops ?? []));
  });
});

// A tree exported with its children (a zip of `<name>.<format>` beside a folder `<name>/`) and
// imported again: the same tree, each document once, with its own body. Two siblings share a
// title, and one title has no Latin letters.
describe("tree export then import", () => {
  it.each(["md", "html", "docx"] as const)("gives back the same tree as %s", async (format) => {
    const actor = await buildUser(database.db);
    const workspace = await buildWorkspace(database.db, [{ actor, role: "editor" }]);
    const ctx = contextFor(database.db, actor);
    const make = async (title: string, parentId: string | null) =>
      (await createDocument(ctx, { workspaceId: workspace.id, title, parentId }, { body: { ops: [{ insert: `${title} text\n` }] } })).id;
    const top = await make("Zip Top", null);
    const kid = await make("Zip Kid", top);
    await make("Zip Grand", kid);
    await make("Zip Grand", kid);
    await make("日本語の子", kid);
    const exported = await exportDocumentTree(ctx, top, format, "https://quire.example");
    if (!(exported.body instanceof ReadableStream)) throw new Error("a tree's export is streamed");
    const bytes = new Uint8Array(await new Response(exported.body).arrayBuffer());
    const summary = await importFiles(ctx, { workspace: { id: workspace.id }, parentId: null, files: [{ name: exported.filename, bytes }] }, new DiskBlobStore(blobRoot));
    expect(summary.skipped).toEqual([]);
    const imported = await database.db.select().from(documents).where(inArray(documents.id, summary.imported.map((doc) => doc.id)));
    const byId = new Map(imported.map((doc) => [doc.id, doc]));
    const outline = (doc: (typeof imported)[number]): string => {
      const parent = doc.parentId ? byId.get(doc.parentId) : undefined;
      return `${parent ? `${outline(parent)} / ` : ""}${doc.title}`;
    };
    expect(imported.map((doc) => `${outline(doc)}: ${doc.text.trim()}`).sort()).toEqual([
      "Zip Top / Zip Kid / Zip Grand: Zip Grand text",
      "Zip Top / Zip Kid / Zip Grand: Zip Grand text",
      "Zip Top / Zip Kid / 日本語の子: 日本語の子 text",
      "Zip Top / Zip Kid: Zip Kid text",
      "Zip Top: Zip Top text",
    ]);
  });
});
