import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { EditorPage } from "../pages/editor-page";
import { ShareDialog } from "../pages/share-dialog";
import { newContext } from "../support/browser";
import { withAppAndBrowser } from "../support/app-and-browser";
import { FIXTURES, signedUpPage } from "../support/workspace";

// QA item 5 (docs/product.md "States"): a public link's page stops answering at once when it is
// revoked or its document trashed, and so do the image addresses that page handed out — the
// optimiser's (`/_next/image?url=…`, which Next serves from its own cache without asking the file
// route again) and the signed file address inside it. So does an image's address once the image
// is taken out of the page.

const { app, browser } = withAppAndBrowser();

/** The `src` of each image in the HTML of `pagePath` as `reader` gets it (entities decoded). */
async function imageSources(reader: APIRequestContext, pagePath: string): Promise<string[]> {
  const response = await reader.get(pagePath);
  expect(response.status()).toBe(200);
  return Array.from((await response.text()).matchAll(/<img[^>]*\ssrc="([^"]+)"/g), (match) => (match[1] ?? "").replace(/&amp;/g, "&"));
}

/** The optimiser's address and the signed file address inside it. */
function addressesOf(optimized: string): { optimized: string; signed: string } {
  expect(optimized).toMatch(/^\/_next\/image\?url=%2Fapi%2Fv1%2Ffiles%2F/);
  return { optimized, signed: new URL(optimized, app.url).searchParams.get("url") ?? "" };
}

async function statuses(reader: APIRequestContext, image: { optimized: string; signed: string }): Promise<number[]> {
  return [(await reader.get(image.optimized)).status(), (await reader.get(image.signed)).status()];
}

async function createDocument(page: Page, body: Record<string, unknown>): Promise<{ id: string; url: string }> {
  const response = await page.request.post("/api/v1/documents", { headers: { origin: app.url }, data: body });
  if (response.status() !== 201) throw new Error(`create document: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** Uploads red.png into a document of its own (each call a new one); resolves to the file's address. */
async function uploadRedPng(page: Page, workspace: string): Promise<string> {
  const holder = await createDocument(page, { workspace, title: "Uploads" });
  const upload = await page.request.post("/api/v1/files", {
    headers: { origin: app.url },
    multipart: { documentId: holder.id, file: { name: "red.png", mimeType: "image/png", buffer: fs.readFileSync(path.join(FIXTURES, "red.png")) } },
  });
  expect(upload.status()).toBe(201);
  return ((await upload.json()) as { url: string }).url;
}

/** A body of one line of `text`, then the image at `fileUrl`. */
const withImage = (text: string, fileUrl: string) => ({ ops: [{ insert: `${text}\n` }, { insert: { image: fileUrl } }, { insert: "\n" }] });

describe("images of a published page", () => {
  it("stop answering at once when the link is revoked or the document trashed, cached or not; members' images keep working", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "publisher");
    const workspace = person.workspaceSlug;
    const fileUrl = await uploadRedPng(page, workspace);
    const root = await createDocument(page, { workspace, title: "Handbook", delta: withImage("Root", fileUrl) });
    const child = await createDocument(page, { workspace, title: "Chapter", parentId: root.id, delta: withImage("Child", fileUrl) });

    await page.goto(`${root.url}/share`);
    const dialog = new ShareDialog(page);
    await dialog.fullPage().waitFor();
    await dialog.option("Include child documents").check();
    const sharePath = await dialog.createLink();

    const reader = (await newContext(browser, app.url)).request;
    const [rootSource] = await imageSources(reader, sharePath);
    const [childSource] = await imageSources(reader, `${sharePath}/chapter-${child.id}`);
    const rootImage = addressesOf(rootSource ?? "");
    const childImage = addressesOf(childSource ?? "");
    // A member's page signs its images too, for the optimiser; a signed-out request may fetch them.
    const [memberSource] = await imageSources(page.request, root.url);
    const memberImage = addressesOf(memberSource ?? "");
    expect(memberImage.signed).not.toBe(rootImage.signed);

    for (const image of [rootImage, childImage, memberImage]) expect(await statuses(reader, image)).toEqual([200, 200]);
    // The optimiser now holds them: the next answers come from its cache, not from the file route.
    const cached = await reader.get(rootImage.optimized);
    expect(cached.headers()["x-nextjs-cache"]).toBe("HIT");
    // No shared cache may keep a published image, and the reader's browser asks again each time.
    expect(cached.headers()["cache-control"]).toBe("private, no-cache");
    expect((await reader.get(rootImage.signed)).headers()["cache-control"]).toMatch(/^private, no-cache, max-age=\d+$/);
    const etag = cached.headers().etag ?? "";
    expect((await reader.get(rootImage.optimized, { headers: { "if-none-match": etag } })).status()).toBe(304);
    expect((await reader.get(memberImage.optimized)).headers()["cache-control"]).toMatch(/^private, max-age=\d+, must-revalidate$/);

    // A trashed child takes its page's images with it; the root's stay.
    expect((await page.request.delete(`/api/v1/documents/${child.id}`, { headers: { origin: app.url } })).status()).toBe(200);
    expect(await statuses(reader, childImage)).toEqual([404, 404]);
    expect(await statuses(reader, rootImage)).toEqual([200, 200]);
    expect((await page.request.post(`/api/v1/documents/${child.id}/restore`, { headers: { origin: app.url } })).status()).toBe(200);
    expect(await statuses(reader, childImage)).toEqual([200, 200]);

    // Revoked: every image address of the link is gone, the cached ones and revalidations included.
    await dialog.revoke();
    for (const image of [rootImage, childImage]) expect(await statuses(reader, image)).toEqual([404, 404]);
    expect((await reader.get(rootImage.optimized, { headers: { "if-none-match": etag } })).status()).toBe(404);

    // A new link answers with images of its own, until its document is trashed.
    const secondPath = await dialog.createLink();
    const [secondSource] = await imageSources(reader, secondPath);
    const secondImage = addressesOf(secondSource ?? "");
    expect(await statuses(reader, secondImage)).toEqual([200, 200]);
    expect((await page.request.delete(`/api/v1/documents/${root.id}`, { headers: { origin: app.url } })).status()).toBe(200);
    expect(await statuses(reader, secondImage)).toEqual([404, 404]);

    // Members' image addresses are not a public link's: they keep working.
    expect(await statuses(reader, memberImage)).toEqual([200, 200]);
  });

  it("stop answering once the image is taken out of the still-published page, cached or not", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "publisher");
    const workspace = person.workspaceSlug;
    const doc = await createDocument(page, { workspace, title: "Notice", delta: withImage("Notice", await uploadRedPng(page, workspace)) });
    await page.goto(`${doc.url}/share`);
    const dialog = new ShareDialog(page);
    await dialog.fullPage().waitFor();
    const sharePath = await dialog.createLink();

    const reader = (await newContext(browser, app.url)).request;
    const [source] = await imageSources(reader, sharePath);
    const image = addressesOf(source ?? "");
    expect(await statuses(reader, image)).toEqual([200, 200]);
    expect((await reader.get(image.optimized)).headers()["x-nextjs-cache"]).toBe("HIT");
    const [memberSource] = await imageSources(page.request, doc.url);
    const memberImage = addressesOf(memberSource ?? "");

    // The publisher replaces the body in the editor; the page stays published.
    await page.goto(doc.url);
    const editor = new EditorPage(page);
    await editor.waitUntilEditable();
    await editor.body().click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("Notice withdrawn");
    await editor.waitUntilSaved();
    // The server stores the body a moment after it has it; from then on the old addresses are gone.
    await expect.poll(() => statuses(reader, image), { timeout: 15_000 }).toEqual([404, 404]);
    expect(await imageSources(reader, sharePath)).toEqual([]);
    // A member's own addresses of it still answer: members may open it in the version history.
    expect(await statuses(reader, memberImage)).toEqual([200, 200]);
  });
});
