import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, contextFor } from "@test/factories";
import { appErrorOf } from "@test/app-errors";
import { withTestDatabase } from "@test/test-database-hooks";
import { documentTemplates, documents, revisions, workspaces } from "@/server/db/schema";
import { ARCHIVE_FORMAT, ENTRY } from "@/server/formats/archive/workspace-archive";
import { DiskBlobStore } from "@/server/storage/blob-store";
import { importWorkspace } from "./import-workspace";

// An archive is held to the rules of the product's own forms and API (QA report item 6,
// docs/product.md "Validation"): names and titles become one line, what no form could make
// refuses the archive with 422 naming the entry and the field, and nothing is left behind.
const database = withTestDatabase();
let blobRoot: string;
let blobs: DiskBlobStore;
beforeAll(() => {
  blobRoot = fs.mkdtempSync(path.join(os.tmpdir(), "quire-archive-rules-"));
  blobs = new DiskBlobStore(blobRoot);
});
afterAll(() => fs.rmSync(blobRoot, { recursive: true, force: true }));

const NOW = "2026-11-28T00:00:00.000Z";
const manifest = { format: ARCHIVE_FORMAT, formatVersion: 1, appVersion: "0.1.0", createdAt: NOW, workspace: { id: "x", name: "x", slug: "x" }, counts: { documents: 1, files: 0, revisions: 1, templates: 1 } };
const doc = { id: "d1", parentId: null, position: "a0", title: "Fine", createdAt: NOW, updatedAt: NOW, deletedAt: null, deletedRootId: null };
const revision = { kind: "named", name: "First cut", title: "Fine", delta: { ops: [{ insert: "old\n" }] }, size: 3, createdBy: null, authors: [], createdAt: NOW };
const template = { name: "Standup", description: "Daily", body: { ops: [{ insert: "t\n" }] }, builtInKey: null, createdBy: null, createdAt: NOW, updatedAt: NOW };

/** An archive of one document with one revision and one template, each with `changes` applied. */
function archive(changes: { doc?: object; content?: object; revision?: object; template?: object } = {}): Uint8Array {
  const entries: Record<string, unknown> = {
    [ENTRY.manifest]: manifest,
    [ENTRY.documents]: [{ ...doc, ...changes.doc }],
    [ENTRY.files]: [],
    [ENTRY.content("d1")]: changes.content ?? { ops: [{ insert: "body\n" }] },
    [ENTRY.revisions("d1")]: [{ ...revision, ...changes.revision }],
    [ENTRY.templates]: [{ ...template, ...changes.template }],
  };
  return zipSync(Object.fromEntries(Object.entries(entries).map(([name, value]) => [name, strToU8(JSON.stringify(value))])));
}

/** `{a: {a: … {}}}`, `depth` levels deep. */
function nested(depth: number): object {
  let value: object = {};
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}

let slugs = 0;
async function importNew(bytes: Uint8Array) {
  const owner = await buildUser(database.db);
  const slug = `rules-${(slugs += 1)}`;
  return { slug, result: importWorkspace(contextFor(database.db, owner), { create: { name: "Rules", slug } }, bytes, blobs) };
}

describe("importing a workspace archive by the product's rules", () => {
  it("makes titles, version names and template names and descriptions one line, as the product's imports do", async () => {
    const { result } = await importNew(
      archive({
        doc: { title: "line1\nline2\tTAB\u0000\u202e" },
        revision: { name: "rev\nname\t", title: "old\r\ntitle" },
        template: { name: "tmpl\nname\t", description: "d\u0007" },
      }),
    );
    const imported = await result;
    const [stored] = await database.db.select({ title: documents.title }).from(documents).where(eq(documents.workspaceId, imported.workspace.id));
    expect(stored?.title).toBe("line1 line2 TAB\u202e"); // U+202E is no control character: titles may hold it
    const [rev] = await database.db.select({ name: revisions.name, title: revisions.title }).from(revisions).where(eq(revisions.workspaceId, imported.workspace.id));
    expect(rev).toEqual({ name: "rev name", title: "old title" });
    const names = await database.db.select({ name: documentTemplates.name, description: documentTemplates.description }).from(documentTemplates).where(eq(documentTemplates.workspaceId, imported.workspace.id));
    expect(names).toContainEqual({ name: "tmpl name", description: "d" });
  });

  it("refuses, with 422 on the file naming the entry and the field, what no form or call could have made; nothing is left", async () => {
    const cases: Array<[string, Uint8Array, RegExp]> = [
      ["a 50,009-character version name", archive({ revision: { name: `rev\nname\t${"N".repeat(50_000)}` } }), /revisions of the document d1 is not valid \(0\.name: version names are at most 100 characters\)/],
      ["a 300,000-character revision title", archive({ revision: { title: "T".repeat(300_000) } }), /0\.title: titles are at most 200 characters/],
      ["a revision size past int4", archive({ revision: { size: 99_999_999_999 } }), /0\.size: /],
      ["a revision size past a body's limit", archive({ revision: { size: 1_000_001 } }), /0\.size: sizes are at most 1,000,000 characters/],
      ["a 201-character title", archive({ doc: { title: "x".repeat(201) } }), /document list is not valid \(0\.title: titles are at most 200 characters\)/],
      ["a 101-character template name", archive({ template: { name: "n".repeat(101) } }), /template list is not valid \(0\.name: template names are at most 100 characters\)/],
      ["a 301-character template description", archive({ template: { description: "d".repeat(301) } }), /0\.description: descriptions are at most 300 characters/],
      ["a document made in year 0", archive({ doc: { createdAt: "0000-01-01T00:00:00Z" } }), /0\.createdAt: a date between the years 1 and 9999/],
      ["a revision at an offset past year 9999", archive({ revision: { createdAt: "9999-12-31T23:00:00-02:00" } }), /0\.createdAt: a date between the years 1 and 9999/],
      ["a template updated in year 0", archive({ template: { updatedAt: "0000-06-01T00:00:00Z" } }), /0\.updatedAt: a date between the years 1 and 9999/],
      // Deltas are held to the API's delta rules before a worker sees them: insert ops, flat formats.
      ["a body that retains", archive({ content: { ops: [{ retain: 5 }] } }), /the text of the document d1 is not valid \(ops\.0/],
      ["a revision's delta nested 1,000 deep", archive({ revision: { delta: { ops: [{ insert: "x", attributes: nested(1_000) }] } } }), /revisions of the document d1 is not valid \(0\.delta\.ops\.0\.attributes/],
      ["a template body inserting a number", archive({ template: { body: { ops: [{ insert: 123 }] } } }), /template list is not valid \(0\.body\.ops\.0\.insert/],
      // …and to its embeds and formats: an archive's sanitised bodies hold none of these.
      ["a body with an embed the editor doesn't have", archive({ content: { ops: [{ insert: { foo: "bar" } }] } }), /the text of the document d1 is not valid \(ops\.0\.insert: Unknown embed "foo" at op 0/],
      ["a template body with a format the editor doesn't have", archive({ template: { body: { ops: [{ insert: "x", attributes: { colour: "red" } }] } } }), /0\.body\.ops\.0\.attributes: Unknown format "colour" at op 0/],
    ];
    for (const [label, bytes, message] of cases) {
      const { slug, result } = await importNew(bytes);
      const error = await appErrorOf(result);
      expect([label, error.code, error.status, error.fields?.file]).toEqual([label, "validation_failed", 422, expect.stringMatching(message)]);
      expect([label, await database.db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.slug, slug))]).toEqual([label, []]);
    }
  });
});
