import http from "node:http";
import type { AddressInfo } from "node:net";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_CONCURRENT_PRINTS, closePdfPrinter, pdfUnavailableReason, printPdf } from "./pdf-printer";
import { remoteImagesAsLinks } from "./remote-images-as-links";
import { toStandaloneHtml } from "./to-standalone-html";

const NO_CHROMIUM = pdfUnavailableReason();

async function textOf(pdf: Uint8Array): Promise<string> {
  return (await extractText(await getDocumentProxy(pdf), { mergePages: true })).text;
}

// Each print may wait for a cold Chromium (the first) or for its turn in the queue: over 20 s
// on CI's slow machine. A hang still fails.
const PRINT_TIMEOUT = 120_000;

describe.skipIf(NO_CHROMIUM !== null)(`printPdf (needs Chromium${NO_CHROMIUM ? `: ${NO_CHROMIUM}` : ""})`, () => {
  let server: http.Server;
  let origin = "";
  const requests: string[] = [];
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      requests.push(request.url ?? "");
      response.end("x");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`; // listen(0) gives an AddressInfo
  });
  afterAll(async () => {
    await closePdfPrinter();
    await new Promise((resolve) => server.close(resolve));
  });

  it("loads nothing from the network and runs no script", async () => {
    const body = `<p>Visible text</p><img src="${origin}/tracker.png"><link rel="stylesheet" href="${origin}/style.css"><script>document.body.append("SCRIPT RAN")</script>`;
    const text = await textOf(await printPdf(toStandaloneHtml({ title: "Offline", html: body })));
    expect(text).toContain("Visible text");
    expect(text).not.toContain("SCRIPT RAN");
    expect(requests).toEqual([]);
  }, PRINT_TIMEOUT);

  it("prints a remote image as a link with its address", async () => {
    const html = remoteImagesAsLinks(`<p><img src="${origin}/photo.png" alt="A photo"></p>`);
    expect(html).toBe(`<p><a href="${origin}/photo.png">[A photo]</a></p>`);
    const text = await textOf(await printPdf(toStandaloneHtml({ title: "Links", html })));
    expect(text).toContain(`[A photo] (${origin}/photo.png)`);
    expect(requests).toEqual([]);
  }, PRINT_TIMEOUT);

  it(`prints more than ${MAX_CONCURRENT_PRINTS} at once by queueing them`, async () => {
    const pdfs = await Promise.all([1, 2, 3, 4, 5].map((n) => printPdf(toStandaloneHtml({ title: `Page ${n}`, html: `<p>Number ${n}</p>` }))));
    const texts = await Promise.all(pdfs.map(textOf));
    texts.forEach((text, index) => expect(text).toContain(`Number ${index + 1}`));
  }, PRINT_TIMEOUT);
});
