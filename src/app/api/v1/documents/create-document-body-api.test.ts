import { NextRequest } from "next/server";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as documentsRoute from "@/app/api/v1/documents/route";
import { buildUser, buildWorkspace, contextFor } from "@test/factories";
import type { Actor } from "@/server/context";
import { UnreadableFileError } from "@/server/formats/import/unreadable-file-error";
import { createApiToken } from "@/server/services/api-tokens/create-api-token";
import type { BodyWork } from "@/server/workers/body-work-contract";
import { bodyWork, registerBodyWork } from "@/server/workers/body-work";
import { withTestDatabase } from "@test/test-database-hooks";
import { withRouteSingletons } from "@test/route-singletons";
import { clearProcessSingleton } from "@/server/process-singleton";

// POST /api/v1/documents with a body the converter or the schema refuses (QA report items 2, 3
// and 8): each answers the API's 4xx as docs/api.md says, never a 500, and creates nothing.
const ORIGIN = "http://localhost:3000";
const database = withTestDatabase();
withRouteSingletons(database);
let owner: Actor;
let workspace: { id: string; slug: string };
let token: string;
let viewerToken: string;
beforeAll(async () => {
  owner = await buildUser(database.db, { name: "Owner" });
  const viewer = await buildUser(database.db, { name: "Viewer" });
  workspace = await buildWorkspace(database.db, [
    { actor: owner, role: "owner" },
    { actor: viewer, role: "viewer" },
  ]);
  token = (await createApiToken(contextFor(database.db, owner), { workspaceId: workspace.id, name: "write token", scope: "write" })).token;
  viewerToken = (await createApiToken(contextFor(database.db, viewer), { workspaceId: workspace.id, name: "viewer's token", scope: "write" })).token;
});
afterEach(() => clearProcessSingleton("body-work"));

function create(json: unknown, bearer = token) {
  return post(JSON.stringify(json), bearer);
}

function post(body: string, bearer = token) {
  const headers = { host: "localhost:3000", authorization: `Bearer ${bearer}`, "content-type": "application/json" };
  return documentsRoute.POST(new NextRequest(`${ORIGIN}/api/v1/documents`, { method: "POST", headers, body }), { params: Promise.resolve({}) });
}

async function answer(response: Response): Promise<{ status: number; error?: { code: string; message: string; fields?: Record<string, string> } }> {
  const body = (await response.json()) as { error?: { code: string; message: string; fields?: Record<string, string> } };
  return { status: response.status, error: body.error };
}

async function documentCount(): Promise<number> {
  const rows = await database.db.query.documents.findMany({ where: (documents, { eq }) => eq(documents.workspaceId, workspace.id), columns: { id: true } });
  return rows.length;
}

describe("POST /api/v1/documents with Markdown the converter refuses", () => {
  it("answers 413 for a table past 100 columns, as for the same table sent as a delta", async () => {
    const row = `|${"a|".repeat(101)}\n`;
    expect(await answer(await create({ title: "wide", markdown: `${row}|${"-|".repeat(101)}\n${row}` }))).toEqual({
      status: 413,
      error: { code: "too_large", message: "It could not be imported: a table may have at most 100 columns; this one has 101." },
    });
    const delta = { ops: [{ insert: "\n".repeat(101), attributes: { table: "row-wide" } }] };
    expect(await answer(await create({ title: "wide", delta }))).toMatchObject({ status: 413, error: { code: "too_large" } });
  });

  it("answers 413 for lists and quotes nested past the conversion's limit (they were 500s after up to 17 s)", async () => {
    for (const markdown of [`${"- ".repeat(10_000)}x`, ">".repeat(200_000), `${"- ".repeat(300_000)}x`]) {
      expect(await answer(await create({ title: "nest", markdown }))).toEqual({
        status: 413,
        error: { code: "too_large", message: "It could not be imported: lists and quotes may be nested at most 100 deep, and this file nests them deeper." },
      });
    }
    expect(await documentCount()).toBe(0);
  });

  it("answers 413 saying why for emphasis nested thousands deep (it was 422 \"could not be read\", or the 60 s limit)", async () => {
    for (const k of [20_000, 200_000]) {
      expect(await answer(await create({ title: "emph", markdown: `${"*".repeat(k)}x${"*".repeat(k)}` }))).toEqual({
        status: 413,
        error: {
          code: "too_large",
          message: "It could not be imported: emphasis (*, _ and ~ around text) may be nested at most 50 deep, and this file nests it deeper (a long run of *, _ or ~ on both sides of a word does so).",
        },
      });
    }
    expect(await documentCount()).toBe(0);
  });

  it("answers 422 on `markdown` for Markdown the converter can't read, and converts nothing for a viewer", async () => {
    const converted: string[] = [];
    const unreadable: BodyWork = {
      ...bodyWork(),
      convert: async (file) => {
        converted.push(new TextDecoder().decode(file.bytes));
        throw new UnreadableFileError("It could not be read as Markdown.");
      },
    };
    registerBodyWork(unreadable);
    expect(await answer(await create({ title: "odd", markdown: "odd" }))).toEqual({
      status: 422,
      error: { code: "validation_failed", message: "The Markdown could not be converted.", fields: { markdown: "It could not be read as Markdown." } },
    });
    expect((await create({ title: "odd", markdown: "from a viewer" }, viewerToken)).status).toBe(403);
    expect(converted).toEqual(["odd"]);
  });
});

describe("POST /api/v1/documents with a delta the schema refuses", () => {
  it("answers 422 saying why for a formula past shared/formula-rules.ts (they were 201s after 31 s, or 500s)", async () => {
    const cases: Array<[string, string]> = [
      ["x^2+".repeat(60_000) + "1", "A formula may have at most 1,000 characters; this one has 240,001."],
      ["{".repeat(400) + "x" + "}".repeat(400), "A formula may nest groups ({…}, \\left…\\right, \\begin…\\end) at most 100 deep."],
      ["\\def\\b#1{#1#1#1#1#1#1#1#1#1#1}\\b{\\b{\\b{x}}}", "A formula can't define commands (\\def, \\newcommand, \\let, …): write what they stand for."],
    ];
    for (const [formula, message] of cases) {
      const { status, error } = await answer(await create({ title: "formula", delta: { ops: [{ insert: "Before " }, { insert: { formula } }, { insert: " after\n" }] } }));
      expect({ status, code: error?.code, fields: error?.fields }).toEqual({ status: 422, code: "validation_failed", fields: { "delta.ops.1.insert.formula": message } });
    }
    // The QA's 50,000 nested braces and 5,000 nested \sqrt were 500s: past the length, refused the same way.
    for (const formula of ["{".repeat(50_000) + "x" + "}".repeat(50_000), "\\sqrt{".repeat(5_000) + "x" + "}".repeat(5_000)]) {
      expect((await create({ title: "formula", delta: { ops: [{ insert: { formula } }, { insert: "\n" }] } })).status).toBe(422);
    }
    expect(await documentCount()).toBe(0);
  });

  it("answers 422 naming the op for ops Quill has no meaning for in a new document (they were 201s with an empty body)", async () => {
    const cases: Array<[unknown[], Record<string, string>]> = [
      [[{ insert: 123 }], { "delta.ops.0.insert": 'insert is text, or an embed: an object with exactly one key, such as {"image": "https://…"}.' }],
      [[{ insert: "a" }, { retain: 5 }], { "delta.ops.1": "An op has insert and attributes only, not retain." }],
      [[{ delete: 5 }], { "delta.ops.0": "An op has insert and attributes only, not delete." }],
      [[{ insert: { image: "https://example.com/a.png", alt: "two keys" } }], { "delta.ops.0.insert": "An embed is an object with exactly one key." }],
      [[{ insert: "x", attributes: ["bold"] }], { "delta.ops.0.attributes": 'attributes is an object of formats, such as {"bold": true}.' }],
    ];
    for (const [ops, fields] of cases) {
      const { status, error } = await answer(await create({ title: "bad", delta: { ops } }));
      expect(status, JSON.stringify(ops)).toBe(422);
      expect(error?.code).toBe("validation_failed");
      expect(error?.fields).toMatchObject(fields);
    }
    expect(await documentCount()).toBe(0);
  });

  it("answers 422 naming an embed or a format the editor doesn't have, and the op (an unknown embed was a 201 that dropped it)", async () => {
    const formats = "header, list, indent, align, blockquote, code-block, table, table-header, font, size, bold, italic, underline, strike, code, script, color, background, link, alt, width and height";
    const cases: Array<[unknown[], Record<string, string>]> = [
      [[{ insert: { foo: "bar" } }], { "delta.ops.0.insert": 'Unknown embed "foo" at op 0; the editor\'s embeds are image, formula and mention.' }],
      [[{ insert: "Watch\n" }, { insert: { video: "https://example.com/v" } }], { "delta.ops.1.insert": 'Unknown embed "video" at op 1; the editor\'s embeds are image, formula and mention.' }],
      [[{ insert: "x", attributes: { bold: true, colour: "red" } }], { "delta.ops.0.attributes": `Unknown format "colour" at op 0; the editor's formats are ${formats}.` }],
      [[{ insert: "x" }, { insert: "\n", attributes: { direction: "rtl", "code-token": "hljs-keyword" } }], { "delta.ops.1.attributes": `Unknown formats "direction", "code-token" at op 1; the editor's formats are ${formats}.` }],
      [[{ insert: { formula: 42 } }], { "delta.ops.0.insert": "The formula embed at op 0 takes TeX source (a string)." }],
      [[{ insert: { image: { src: "https://example.com/a.png" } } }], { "delta.ops.0.insert": "The image embed at op 0 takes an address (a string)." }],
      [[{ insert: { mention: { id: "not an id", name: "Owner" } } }], { "delta.ops.0.insert.mention.id": 'The mention embed at op 0 takes {"id": "<user id>", "name": "<name>"}, the id of letters, digits, _ and -.' }],
    ];
    for (const [ops, fields] of cases) {
      const { status, error } = await answer(await create({ title: "unknown", delta: { ops } }));
      expect([JSON.stringify(ops), status, error?.code, error?.fields]).toEqual([JSON.stringify(ops), 422, "validation_failed", fields]);
    }
    expect(await documentCount()).toBe(0);
  });

  it("answers 422 for formats or embeds nested 5,000 deep (a 500 that left a job stuck on a body worker)", async () => {
    // Written out, as the QA payloads were: JSON.stringify itself recurses per level.
    const deep = `${'{"a":'.repeat(5_000)}"x"${"}".repeat(5_000)}`;
    const inAttributes = await answer(await post(`{"title":"deep","delta":{"ops":[{"insert":"x","attributes":{"bold":${deep}}}]}}`));
    expect(inAttributes).toMatchObject({ status: 422, error: { fields: { "delta.ops.0.attributes.bold": "A format's value is a string, a number, true, false or null." } } });
    const inEmbed = await answer(await post(`{"title":"deep","delta":{"ops":[{"insert":${deep}}]}}`));
    expect(inEmbed).toMatchObject({ status: 422, error: { code: "validation_failed" } });
    expect(await documentCount()).toBe(0);
  });

  it("still takes text, formats, embeds and mentions", async () => {
    const ops = [
      { insert: "Bold", attributes: { bold: true, color: "#ff0000", link: null } },
      { insert: { image: "https://example.com/a.png" }, attributes: { width: "120", alt: "A chart" } },
      { insert: { image: true } },
      { insert: { formula: "e=mc^2" } },
      { insert: { mention: { id: owner.id, name: "Owner" } } },
      { insert: "\n", attributes: { header: 2 } },
    ];
    expect((await create({ title: "fine", delta: { ops } })).status).toBe(201);
  });

  it("sanitises the values of the editor's formats as the editor does (docs/api.md): a link is blanked, a value no control makes is dropped", async () => {
    const ops = [
      { insert: "click", attributes: { link: "javascript:alert(1)", color: "url(x)" } },
      { insert: "\n", attributes: { header: 4 } },
    ];
    const response = await create({ title: "values", delta: { ops } });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const row = await database.db.query.documents.findFirst({ where: (documents, { eq }) => eq(documents.id, id), columns: { content: true } });
    expect(row?.content).toEqual({ ops: [{ insert: "click", attributes: { link: "about:blank" } }, { insert: "\n" }] });
  });
});
