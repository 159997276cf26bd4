import fs from "node:fs";
import type { Browser, BrowserContext } from "playwright-core";
import { getEnv } from "@/server/env";
import { AppError } from "@/server/errors";
import { clearProcessSingleton, peekProcessSingleton, processSingleton } from "@/server/process-singleton";
import { defaultChromiumPath } from "./default-chromium";

/** PDFs printed at once per process; more wait their turn (each page holds a renderer). */
export const MAX_CONCURRENT_PRINTS = 2;
const PRINT_TIMEOUT_MS = 30_000;
// Longer than a queue wait, short enough that an idle server gives back Chromium's ~100 MB.
const IDLE_CLOSE_MS = 60_000;
// As verified on Debian (docs/architecture.md "Stack notes"): headless, no sandbox (containers), no background traffic.
const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
const KEY = "pdf-printer";

/** Why there is no PDF engine, or null when there is one. Cheap: a file check. */
export function pdfUnavailableReason(): string | null {
  const configured = getEnv().CHROMIUM_PATH;
  if (configured) return fs.existsSync(configured) ? null : `PDF export needs Chromium, and CHROMIUM_PATH (${configured}) does not exist.`;
  const fallback = defaultChromiumPath();
  return fs.existsSync(fallback) ? null : `PDF export needs Chromium: install it at ${fallback} or set CHROMIUM_PATH.`;
}

/**
 * Prints a standalone HTML page to an A4 PDF in headless Chromium (print media, backgrounds
 * on, the page's own @page margins). One browser per process, launched on first use and
 * closed after a minute idle or on shutdown; at most MAX_CONCURRENT_PRINTS at once, each
 * limited to 30 s once Chromium is running (starting it has its own 30 s). The page runs no script and loads nothing from the network: an export
 * embeds what it shows, and a remote image must not make the server fetch an address an
 * editor chose (internal services included).
 * @throws AppError unavailable (no Chromium, or it failed to start or timed out)
 */
export async function printPdf(html: string): Promise<Uint8Array> {
  const reason = pdfUnavailableReason();
  if (reason) throw new AppError("unavailable", reason);
  const printer = processSingleton(KEY, () => new PdfPrinter(getEnv().CHROMIUM_PATH ?? defaultChromiumPath()));
  return printer.print(html);
}

/** Closes the process's browser, if one was launched (server shutdown, tests). */
export async function closePdfPrinter(): Promise<void> {
  const printer = peekProcessSingleton<PdfPrinter>(KEY);
  clearProcessSingleton(KEY);
  await printer?.close();
}

/** One print's browser context, closed by print() whether it finished or timed out. */
interface PrintJob {
  context: BrowserContext | null;
  isAbandoned: boolean;
}

class PdfPrinter {
  private browser: Promise<Browser> | null = null;
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(private readonly executablePath: string) {}

  async print(html: string): Promise<Uint8Array> {
    await this.acquire();
    const job: PrintJob = { context: null, isAbandoned: false };
    try {
      // Starting Chromium has its own limit (launch's timeout): on a loaded machine a cold start
      // can take most of the print's 30 s, and that is no reason to fail the print after it.
      const browser = await this.launch();
      return await withTimeout(this.render(browser, html, job), PRINT_TIMEOUT_MS);
    } finally {
      // A timed-out page must not keep rendering in a slot that is now someone else's.
      job.isAbandoned = true;
      await job.context?.close().catch(() => undefined);
      this.release();
    }
  }

  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const browser = this.browser;
    this.browser = null;
    await browser?.then((b) => b.close()).catch(() => undefined);
  }

  private async render(browser: Browser, html: string, job: PrintJob): Promise<Uint8Array> {
    const context = await browser.newContext({ javaScriptEnabled: false });
    job.context = context;
    if (job.isAbandoned) {
      // Timed out while the context was being made: print() has already closed what it knew of.
      await context.close().catch(() => undefined);
      throw new Error("print abandoned after its time limit");
    }
    const page = await context.newPage();
    await page.route(/^(?!data:|about:)/, (route) => route.abort("blockedbyclient"));
    await page.setContent(html, { waitUntil: "load", timeout: PRINT_TIMEOUT_MS });
    return new Uint8Array(await page.pdf({ format: "A4", printBackground: true, preferCSSPageSize: true }));
  }

  private launch(): Promise<Browser> {
    if (!this.browser) {
      const launching = import("playwright-core").then(({ chromium }) =>
        chromium.launch({
          executablePath: this.executablePath,
          args: CHROMIUM_ARGS,
          timeout: PRINT_TIMEOUT_MS,
          // Playwright's own signal handlers would exit the process on Ctrl-C (code 130) before
          // server.ts has saved open documents; server.ts closes the browser on SIGTERM/SIGINT
          // instead, and Playwright still kills it if the process exits any other way.
          handleSIGINT: false,
          handleSIGTERM: false,
          handleSIGHUP: false,
        }),
      );
      this.browser = launching;
      launching.then(
        (browser) => browser.on("disconnected", () => this.browser === launching && (this.browser = null)),
        (error: unknown) => {
          console.error("[export] Chromium failed to start:", error instanceof Error ? error.message : error);
          if (this.browser === launching) this.browser = null;
        },
      );
    }
    return this.browser.catch(() => {
      throw new AppError("unavailable", `Chromium at ${this.executablePath} failed to start; check CHROMIUM_PATH.`);
    });
  }

  private async acquire(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (this.active < MAX_CONCURRENT_PRINTS) {
      this.active += 1;
      return;
    }
    // The slot passes straight from release() to the next waiter, so active never drops.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) return next();
    this.active -= 1;
    if (this.active === 0) {
      this.idleTimer = setTimeout(() => void this.close(), IDLE_CLOSE_MS);
      this.idleTimer.unref();
    }
  }
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError("unavailable", "Printing the PDF took too long. Try again, or export as HTML and print it.")), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
