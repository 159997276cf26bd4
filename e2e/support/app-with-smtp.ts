import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { SmtpSink } from "@test/smtp-sink";
import { startSmtpSink } from "@test/smtp-sink";
import { lateBound } from "./app-and-browser";
import { launchBrowser } from "./browser";
import type { RunningApp } from "./start-app";
import { startApp, stopApp } from "./start-app";

/**
 * The fixture of a file about email: an SMTP sink, a server of its own sending to it (startApp's
 * `smtpUrl`, which sets PUBLIC_URL too) and a browser, set up before its tests and closed after
 * them. Call it at the top of the file, like withAppAndBrowser.
 */
export function withSmtpAppAndBrowser(): { app: RunningApp; browser: Browser; sink: SmtpSink } {
  let started: { app: RunningApp; browser: Browser; sink: SmtpSink } | undefined;
  let sink: SmtpSink | undefined;
  beforeAll(async () => {
    sink = await startSmtpSink();
    const [app, browser] = await Promise.all([startApp({ smtpUrl: sink.url }), launchBrowser()]);
    started = { app, browser, sink };
  });
  afterAll(async () => {
    await started?.browser.close();
    await stopApp(started?.app);
    await sink?.close();
  });
  return { app: lateBound(() => started?.app), browser: lateBound(() => started?.browser), sink: lateBound(() => started?.sink) };
}
