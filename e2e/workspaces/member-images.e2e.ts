import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MemberSettingsPage } from "../pages/member-settings-page";
import { newContext } from "../support/browser";
import { withAppAndBrowser } from "../support/app-and-browser";
import { FIXTURES, invitedMemberPage, signedUpPage } from "../support/workspace";

// A member's document page routes its images through the optimiser with signed addresses, which
// anyone holding them may open (the optimiser's own fetch carries no cookies). They are bound to
// the member's membership and stop answering as soon as the member is removed — the optimiser's
// cached copy included — instead of lasting out their 6–12 hour window (docs/product.md "Roles").

const { app, browser } = withAppAndBrowser();

/** The optimiser's address and the signed file address inside it, of the first image on `pagePath` as `reader` gets it. */
async function firstImage(reader: APIRequestContext, pagePath: string): Promise<{ optimized: string; signed: string }> {
  const response = await reader.get(pagePath);
  expect(response.status()).toBe(200);
  const optimized = (/<img[^>]*\ssrc="([^"]+)"/.exec(await response.text())?.[1] ?? "").replace(/&amp;/g, "&");
  expect(optimized).toMatch(/^\/_next\/image\?url=%2Fapi%2Fv1%2Ffiles%2F/);
  return { optimized, signed: new URL(optimized, app.url).searchParams.get("url") ?? "" };
}

async function statuses(reader: APIRequestContext, image: { optimized: string; signed: string }): Promise<number[]> {
  return [(await reader.get(image.optimized)).status(), (await reader.get(image.signed)).status()];
}

describe("a member's image addresses", () => {
  it("stop answering at once when the member is removed, cached or not; the others' keep working", async () => {
    const owner = await signedUpPage(browser, app.url, "owner");
    const member = await invitedMemberPage(browser, app.url, owner, "viewer", "removed");
    const upload = await owner.page.request.post("/api/v1/files", {
      headers: { origin: app.url },
      multipart: { file: { name: "red.png", mimeType: "image/png", buffer: fs.readFileSync(path.join(FIXTURES, "red.png")) }, documentId: await holderDocument(owner.page.request, owner.person.workspaceSlug) },
    });
    expect(upload.status()).toBe(201);
    const { url: fileUrl } = (await upload.json()) as { url: string };
    const created = await owner.page.request.post("/api/v1/documents", {
      headers: { origin: app.url },
      data: { workspace: owner.person.workspaceSlug, title: "Floor plan", delta: { ops: [{ insert: "Plan\n" }, { insert: { image: fileUrl } }, { insert: "\n" }] } },
    });
    expect(created.status()).toBe(201);
    const doc = (await created.json()) as { url: string };

    const memberImage = await firstImage(member.page.request, doc.url);
    const ownerImage = await firstImage(owner.page.request, doc.url);
    // Each member's page signs its own addresses, naming the membership they were signed for.
    expect(new URL(memberImage.signed, app.url).searchParams.has("member")).toBe(true);
    expect(memberImage.signed).not.toBe(ownerImage.signed);

    // Opened without a session (a copied address, the optimiser's fetch), until the removal.
    const holder = (await newContext(browser, app.url)).request;
    expect(await statuses(holder, memberImage)).toEqual([200, 200]);
    const cached = await holder.get(memberImage.optimized);
    expect(cached.headers()["x-nextjs-cache"]).toBe("HIT");
    const etag = cached.headers().etag ?? "";

    const settings = new MemberSettingsPage(owner.page, owner.person.workspaceSlug);
    await settings.openMembers();
    await settings.remove(member.person.name);

    // Gone at once: the optimiser's cached copy, a revalidation of it, and the signed file address.
    expect(await statuses(holder, memberImage)).toEqual([404, 404]);
    expect((await holder.get(memberImage.optimized, { headers: { "if-none-match": etag } })).status()).toBe(404);
    // The owner's addresses of the same image still answer.
    expect(await statuses(holder, ownerImage)).toEqual([200, 200]);
  });
});

/** A document to hold the upload (an upload belongs to a document). */
async function holderDocument(request: APIRequestContext, workspace: string): Promise<string> {
  const response = await request.post("/api/v1/documents", { headers: { origin: app.url }, data: { workspace, title: "Uploads" } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}
