import { describe, expect, it } from "vitest";
import { signedUpPage } from "../support/workspace";
import { withAppAndBrowser } from "../support/app-and-browser";

// A web manifest with icons and the offline service worker make Quire installable as an app.

const { app, browser } = withAppAndBrowser();

describe("installing Quire as an app", () => {
  it("serves a manifest whose icons load, and Chromium finds nothing that stops installing it", async () => {
    const { page, person } = await signedUpPage(browser, app.url, "installer");
    const manifestResponse = await page.request.get("/manifest.webmanifest");
    expect(manifestResponse.status()).toBe(200);
    const manifest = (await manifestResponse.json()) as { name: string; display: string; icons: Array<{ src: string; sizes: string; purpose: string }> };
    expect(manifest).toMatchObject({ name: "Quire", display: "standalone" });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    for (const icon of manifest.icons) {
      const response = await page.request.get(icon.src);
      expect([icon.src, response.status(), response.headers()["content-type"]]).toEqual([icon.src, 200, "image/png"]);
    }

    await page.goto(`/w/${person.workspaceSlug}`);
    expect(await page.locator('link[rel="manifest"]').getAttribute("href")).toBe("/manifest.webmanifest");
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: Array<{ errorId: string }> };
    // "in-incognito" is the test's browser context (Playwright's are incognito), not the app.
    expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
  });
});
