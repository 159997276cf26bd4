import fs from "node:fs";
import type { Browser, BrowserContext } from "playwright-core";
import { chromium } from "playwright-core";
import { defaultChromiumPath, FULL_CHROMIUM_PATH } from "@/server/formats/export/default-chromium";

/**
 * The browser the tests and benchmarks drive: CHROMIUM_PATH, else Debian's chromium-headless-shell
 * when installed (a quarter of the full browser's CPU per page on a slow machine), else its chromium.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? defaultChromiumPath();
/** The desktop browser, for Lighthouse (chrome-launcher starts it with --headless=new). */
export const DESKTOP_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? FULL_CHROMIUM_PATH;
export const CHROMIUM_MISSING =
  `Chromium is not installed at ${CHROMIUM_PATH}. The end-to-end tests need Debian's chromium and its headless shell:\n` +
  `  sudo apt-get install -y chromium chromium-headless-shell`;

/** Debian's headless Chromium, with the flags this network-less machine needs. */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(CHROMIUM_MISSING);
  const browser = await chromium.launch({
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
  // Playwright has no browser-wide default timeout: every context (browser.newPage() makes one
  // through newContext too) gets it here, so no test can forget it.
  const newContextWithDefaults = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContextWithDefaults(options);
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    return context;
  };
  return browser;
}

/**
 * How long an action or a navigation may wait, twice Playwright's 30 s: a guard against a hang, not
 * a speed check. A slow CI machine running two servers and two browsers on 2 cores has taken more
 * than 30 s to answer a page. Waits that prove a speed say so with their own `timeout`.
 */
export const ACTION_TIMEOUT_MS = 60_000;

/** A fresh browser context (own cookies) pointed at the app. */
export async function newContext(browser: Browser, baseURL: string, options: { colorScheme?: "light" | "dark"; width?: number } = {}): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    colorScheme: options.colorScheme ?? "light",
    viewport: { width: options.width ?? 1280, height: 800 },
  });
}
