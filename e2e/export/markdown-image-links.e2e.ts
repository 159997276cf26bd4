import { describe, expect, it } from "vitest";
import { solidPng } from "@test/file-factories";
import { createDocumentViaApi, signedUpPage } from "../support/workspace";
import { withAppAndBrowser } from "../support/app-and-browser";

// A Markdown export travels without Quire's session (a wiki, a repository, an email), so its
// uploaded images are linked at the public address with a long-lived signature (docs/api.md "Export").

const { app, browser } = withAppAndBrowser();

describe("image links in a Markdown export", () => {
  it("point at the address the reader used and open without a session; a changed signature does not", async () => {
    const { page, person } = await signedUpPage(browser, app.url);
    const holder = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Holder", markdown: "Images live here." });
    const upload = await page.request.post("/api/v1/files", {
      headers: { origin: app.url },
      multipart: { documentId: holder.id, file: { name: "dot.png", mimeType: "image/png", buffer: Buffer.from(solidPng(40, 30)) } },
    });
    expect(upload.status()).toBe(201);
    const { id: fileId } = (await upload.json()) as { id: string };
    const doc = await createDocumentViaApi(page, app.url, person.workspaceSlug, { title: "Report", markdown: `Chart:\n\n![A dot](/api/v1/files/${fileId})\n` });

    const markdown = await (await page.request.get(`/api/v1/documents/${doc.id}/export?format=md`)).text();
    const link = /!\[A dot\]\(([^)]+)\)/.exec(markdown)?.[1] ?? "";
    // app.url is http://127.0.0.1:<port>: the link follows it, not the server's own "localhost".
    expect(link.startsWith(`${app.url}/api/v1/files/${fileId}?expires=`)).toBe(true);

    const anonymous = await fetch(link);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get("content-type")).toBe("image/png");

    const forged = new URL(link);
    forged.searchParams.set("expires", String(Number(forged.searchParams.get("expires")) + 86_400));
    expect((await fetch(forged)).status).not.toBe(200);
  });
});
