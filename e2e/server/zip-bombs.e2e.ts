import type { APIRequestContext, Browser } from "playwright-core";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deflatedZeros, lyingZip, lyingZipBomb } from "@test/zip-bomb";
import type { RunningApp } from "../support/start-app";
import { startAppAndBrowser, stopAppAndBrowser } from "../support/app-and-browser";
import { whileCheckingHealth } from "../support/while-checking-health";
import { signedUpPage } from "../support/workspace";

// Zips whose directory understates what their entries inflate to: inflated in full, 20 entries of
// 1 GiB of zeros froze the whole server for over 100 s. Each upload below is refused or reported
// with a message that proves the inflater stopped at the declared size; how long it took and the
// slowest health check sent meanwhile are printed, not asserted (a loaded CI machine is no clock).

let app: RunningApp;
let browser: Browser;
let request: APIRequestContext;
let workspaceSlug: string;
beforeAll(async () => {
  [app, browser] = await startAppAndBrowser();
  const { page, person } = await signedUpPage(browser, app.url, "bomber");
  request = page.request;
  workspaceSlug = person.workspaceSlug;
});
afterAll(async () => {
  await stopAppAndBrowser(app, browser);
});

function report(test: string | undefined, elapsedMs: number, slowestHealthMs: number): void {
  console.log(`[zip bombs] ${test}: answered in ${elapsedMs.toFixed(0)} ms; slowest health check meanwhile ${slowestHealthMs.toFixed(0)} ms`);
}

function importUpload(name: string, bytes: Uint8Array, mimeType: string) {
  return request.post("/api/v1/import", {
    headers: { origin: app.url },
    multipart: { workspace: workspaceSlug, file: { name, mimeType, buffer: Buffer.from(bytes) } },
  });
}

describe("zip bombs that lie about their sizes", () => {
  it("an import of 20 entries of 1 GiB each claiming 1,000 bytes is refused while the server keeps answering its health checks", async () => {
    const bomb = lyingZipBomb(20);
    expect(bomb.byteLength).toBeLessThan(50 * 1024 * 1024);
    const { result, slowestHealthMs, elapsedMs } = await whileCheckingHealth(app.url, () => importUpload("bomb.zip", bomb, "application/zip"));
    expect(result.status()).toBe(201);
    const summary = (await result.json()) as { imported: unknown[]; skipped: Array<{ name: string; reason: string }> };
    expect(summary.imported).toEqual([]);
    expect(summary.skipped).toEqual([
      { name: "bomb.zip", reason: "The zip was not imported: part-0.md unpacks to more than the 1,000 bytes its zip directory declares (a possible zip bomb)." },
    ]);
    report(expect.getState().currentTestName, elapsedMs, slowestHealthMs);
  });

  it("a .docx whose parts lie is reported as unreadable while the server keeps answering its health checks", async () => {
    const bomb = lyingZipBomb(5, (i) => (i === 0 ? "word/document.xml" : `word/media/image${i}.png`));
    const { result, slowestHealthMs, elapsedMs } = await whileCheckingHealth(app.url, () =>
      importUpload("report.docx", bomb, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
    );
    expect(result.status()).toBe(201);
    const summary = (await result.json()) as { skipped: Array<{ name: string; reason: string }> };
    expect(summary.skipped).toEqual([
      {
        name: "report.docx",
        reason: "It could not be read as a Word document: word/document.xml unpacks to more than the 1,000 bytes its zip directory declares (a possible zip bomb).",
      },
    ]);
    report(expect.getState().currentTestName, elapsedMs, slowestHealthMs);
  });

  it("a workspace archive with a lying entry is refused on its file field, and no workspace is made", async () => {
    const honest = (name: string, value: unknown) => {
      const bytes = Buffer.from(JSON.stringify(value));
      return { name, deflated: zlib.deflateRawSync(bytes), claimedSize: bytes.byteLength };
    };
    const createdAt = "2026-11-21T10:00:00.000Z";
    const archive = lyingZip([
      honest("manifest.json", { format: "quire-workspace", formatVersion: 1, appVersion: "0.1.0", createdAt, workspace: { id: "w", name: "W", slug: "w" }, counts: { documents: 1, files: 0, revisions: 0 } }),
      honest("documents.json", [{ id: "a", parentId: null, position: "a0", title: "A", createdAt, updatedAt: createdAt, deletedAt: null, deletedRootId: null }]),
      honest("files.json", []),
      { name: "documents/a/content.json", deflated: deflatedZeros(4096), claimedSize: 1000 }, // 4 GiB of zeros
    ]);
    const { result, slowestHealthMs, elapsedMs } = await whileCheckingHealth(app.url, () =>
      request.post("/api/v1/workspaces/import", {
        headers: { origin: app.url },
        multipart: { name: "Bombed", slug: "bombed-archive", file: { name: "archive.zip", mimeType: "application/zip", buffer: Buffer.from(archive) } },
      }),
    );
    expect(result.status()).toBe(422);
    const body = (await result.json()) as { error: { fields?: { file?: string } } };
    expect(body.error.fields?.file).toMatch(/The archive is damaged: the text of the document a can't be read \(documents\/a\/content\.json unpacks to more than the 1,000 bytes its zip directory declares \(a possible zip bomb\)\)\./);
    report(expect.getState().currentTestName, elapsedMs, slowestHealthMs);
    const home = await request.get("/w/bombed-archive", { maxRedirects: 0 });
    expect(home.status()).toBe(404);
  });
});
