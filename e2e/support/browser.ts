import fs from "node:fs";
import type { Browser, BrowserContext } from "playwright-core";
import { chromium } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_MISSING =
  `Chromium is not installed at ${CHROMIUM_PATH}. The end-to-end tests need Debian's chromium:\n` +
  `  sudo apt-get install -y chromium`;

/** Debian's chromium, headless, with the flags this network-less machine needs. */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(CHROMIUM_MISSING);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** A fresh browser context (own cookies) pointed at the app. */
export async function newContext(browser: Browser, baseURL: string, options: { colorScheme?: "light" | "dark"; width?: number } = {}): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    colorScheme: options.colorScheme ?? "light",
    viewport: { width: options.width ?? 1280, height: 800 },
  });
}
