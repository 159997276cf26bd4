import fs from "node:fs";
import { comparableDelta } from "@test/comparable-delta";
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

async function roundTrip(ops: BodyOp[], format: "md" | "docx" | "html" = "md", title = "Release notes") {
  const actor = await buildUser(database.db);
  const workspace = await buildWorkspace(database.db, [{ actor, role: "editor" }]);
  const ctx = contextFor(database.db, actor);
  const original = await createDocument(ctx, { workspaceId: workspace.id, title }, { body: { ops } });
  const exported = await exportDocument(ctx, original.id, format, "https://quire.example");
  if (exported.body instanceof ReadableStream) throw new Error("a single document's export is not streamed");
  const bytes = typeof exported.body === "string" ? new TextEncoder().encode(exported.body) : exported.body;
  // Imported as a browser saves it: under the name Content-Disposition's filename* gives.
  const summary = await importFiles(
    ctx,
    { workspace: { id: workspace.id }, parentId: null, files: [{ name: exported.downloadName, bytes }] },
    new DiskBlobStore(blobRoot),
  );
  const [before] = await database.db.select().from(documents).where(eq(documents.id, original.id));
  const [after] = await database.db.select().from(documents).where(eq(documents.id, summary.imported[0]!.id));
  return { before, after, summary, exported };
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

// Code blocks, quotes, inline code, check lists, formulas and remote images' links carry named
// styles (formats/docx-styles.ts) the import maps back; colours, backgrounds, fonts and sizes are
// Word's own run properties (formats/import/docx-run-formats.ts).
// What Word holds for Quire beyond SAMPLE's formats: the editor's looks on runs, empty lines
// (several, after a table, an empty list item), tabs outside code, a remote image with its description.
const DOCX_LOOKS: BodyOp[] = [
  { insert: "red", attributes: { color: "#e60000" } }, { insert: " " },
  { insert: "marked", attributes: { background: "#ffff00" } }, { insert: " " },
  { insert: "mono", attributes: { font: "monospace" } }, { insert: " " },
  { insert: "serif", attributes: { font: "serif", size: "huge", color: "#0066cc", bold: true } }, { insert: " " },
  { insert: "big", attributes: { size: "large" } }, { insert: " " },
  { insert: "small", attributes: { size: "small", background: "#cce8cc" } }, { insert: " " },
  { insert: "green code", attributes: { code: true, color: "#008a00" } }, { insert: " " },
  { insert: "orange link", attributes: { link: "https://example.com/", color: "#ff9900" } }, { insert: "\n" },
  { insert: "\n\n" },
  ...line("After two empty lines,\ta tab\tor two\t\t"),
  { insert: "cell" }, { insert: "\n", attributes: { table: "row-l1" } },
  { insert: "\n" },
  ...line("first", { list: "bullet" }), { insert: "\n", attributes: { list: "bullet" } }, ...line("third", { list: "bullet" }),
  { insert: "\n", attributes: { list: "unchecked" } }, ...line("ticked", { list: "checked" }),
  { insert: { image: "https://example.com/dog.png" }, attributes: { alt: "A dog: asleep" } }, { insert: "\n" },
  ...line("The end."),
];

// What else Word holds for Quire: code with its indentation, tabs, runs of spaces and empty lines
// (the last one too), two code blocks in a row in two languages, nested check lists (one under a
// bullet), quotes of several lines with formats, inline code with its spaces, a formula with
// markup characters, a table with header rows.
const DOCX_ONLY: BodyOp[] = [
  ...["def f(x):", "\tif x:  # two  spaces", "", "        return  1", ""].flatMap((text) => line(text, { "code-block": "python" })),
  ...line("key:   value", { "code-block": "yaml" }),
  ...line("plain  code", { "code-block": "plain" }),
  ...line("Ship it", { list: "checked" }), ...line("Write notes", { list: "unchecked", indent: 1 }),
  ...line("Proofread", { list: "checked", indent: 2 }), ...line("Parent", { list: "bullet" }), ...line("Child task", { list: "unchecked", indent: 1 }),
  { insert: "Quoted " }, { insert: "bold", attributes: { bold: true } }, { insert: "\n", attributes: { blockquote: true } },
  ...line("Second quoted line", { blockquote: true }),
  { insert: "Run " }, { insert: "  npm  test ", attributes: { code: true } }, { insert: " with " },
  { insert: { formula: "\\frac{a}{b} < c & \"d\"" } }, { insert: { formula: "x^2" } }, { insert: ".\n" },
  ...TABLE,
];


describe("DOCX export then import", () => {
  it("gives back the title and the whole delta, a remote image included (it was a link)", async () => {
    const { before, after, summary } = await roundTrip(SAMPLE, "docx");
    expect(summary.skipped).toEqual([]);
    expect(after?.title).toBe("Release notes");
    expect(comparableDelta(after?.content.ops ?? [])).toEqual(comparableDelta(before?.content.ops ?? []));
  });

  it("keeps colours, backgrounds, fonts, sizes, empty lines and tabs outside code, and a remote image's description", async () => {
    const { before, after, summary } = await roundTrip(DOCX_LOOKS, "docx");
    expect(summary.skipped).toEqual([]);
    expect(comparableDelta(after?.content.ops ?? [])).toEqual(comparableDelta(before?.content.ops ?? []));
  });

  it("loses alignment and indentation outside lists, and only those", async () => {
    const { after } = await roundTrip(LOST, "docx");
    expect(comparableDelta(after?.content.ops ?? [])).toEqual(comparableDelta(LOST.map((op) => (op.attributes?.align || op.attributes?.indent ? { insert: op.insert } : op))));
  });

  it("keeps code as typed, nested check lists, quotes, inline code, formulas and header rows", async () => {
    const { before, after, summary } = await roundTrip(DOCX_ONLY, "docx");
    expect(summary.skipped).toEqual([]);
    expect(comparableDelta(after?.content.ops ?? [])).toEqual(comparableDelta(before?.content.ops ?? []));
  });
});

describe("HTML export then import", () => {
  it("gives back the same delta: header rows wherever they are, spaces, colours, alignment, empty lines", async () => {
    const { before, after, summary } = await roundTrip([...SAMPLE, ...TABLE, ...MARKDOWN_ONLY, ...LOST], "html");
    expect(summary.skipped).toEqual([]);
    expect(after?.title).toBe("Release notes");
    expect(comparableDelta(after?.content.ops ?? [])).toEqual(comparableDelta(before?.content.ops ?? []));
  });
});

describe("a title with no Latin letters", () => {
  it.each(["md", "html", "docx"] as const)("downloads as %s under its own name and imports back as the same document", async (format) => {
    const { before, after, summary, exported } = await roundTrip(line("本文です。 Body."), format, "日本語のメモ");
    expect(exported.downloadName).toBe(`日本語のメモ.${format}`);
    expect(exported.filename).toBe(`untitled.${format}`);
    expect(summary.imported.map((doc) => [doc.title, doc.path])).toEqual([["日本語のメモ", `日本語のメモ.${format}`]]);
    expect(comparableDelta(after?.content.ops ?? [])).toEqual(comparableDelta(before?.content.ops ?? []));
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
