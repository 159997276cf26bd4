import fs from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { launchBrowser } from "./browser";
import { isAlive } from "./process-alive";
import type { RunningApp } from "./start-app";
import { newDataDir, startApp } from "./start-app";

/**
 * Where e2e/support/global-setup.ts lets the workers keep their shared servers' data directories:
 * it stops whatever still runs there and removes them when the run ends.
 */
export const E2E_SHARED_DIR_ENV = "QUIRE_E2E_SHARED_DIR";

// One production server and one Chromium per test worker, used by the files it runs one after
// another (vitest.config.ts runs the e2e files without isolation). A server and a browser for
// each of fifty files cost CI minutes on a slow machine. A file sees nothing of the files before
// it: each signs up its own people into their own workspaces, reads only the server output
// printed since it started, and its browser contexts are closed after it. A file that stops,
// restarts or configures its server starts its own with startApp().
let app: Promise<RunningApp> | undefined;
let browser: Promise<Browser> | undefined;
const views = new WeakSet<RunningApp>();

/** The worker's server (started on first use, or again if it died) and browser, for one file. */
export async function sharedAppAndBrowser(): Promise<[RunningApp, Browser]> {
  const [running, launched] = await Promise.all([currentApp(), currentBrowser()]);
  return [viewFromNow(running), launched];
}

/** True for a server sharedAppAndBrowser gave: it must not be stopped by the file. */
export function isSharedApp(candidate: RunningApp): boolean {
  return views.has(candidate);
}

/** True for the worker's shared browser. */
export async function isSharedBrowser(candidate: Browser): Promise<boolean> {
  return browser !== undefined && (await browser.catch(() => undefined)) === candidate;
}

async function currentApp(): Promise<RunningApp> {
  const running = await app?.catch(() => undefined);
  if (running && running.process.exitCode === null && running.process.signalCode === null) return running;
  app = startShared();
  return app;
}

async function currentBrowser(): Promise<Browser> {
  const launched = await browser?.catch(() => undefined);
  if (launched?.isConnected()) return launched;
  browser = launchBrowser();
  return browser;
}

async function startShared(): Promise<RunningApp> {
  const root = process.env[E2E_SHARED_DIR_ENV];
  if (root) fs.mkdirSync(root, { recursive: true });
  const started = await startApp({ dataDir: newDataDir({ under: root }) });
  // The worker exits when the run ends; its server goes with it (and global-setup's teardown
  // stops any that a killed worker left behind).
  process.once("exit", () => started.process.kill("SIGTERM"));
  return started;
}

/** The server as one file sees it: the output printed from now on, and no way to stop it. */
function viewFromNow(running: RunningApp): RunningApp {
  const from = running.output().length;
  const view: RunningApp = {
    ...running,
    output: () => running.output().slice(from),
    stop: () => Promise.reject(new Error("This server is shared by the files of a test worker: a file that stops or restarts its server starts its own with startApp().")),
  };
  views.add(view);
  return view;
}

/** Stops the servers left running in the shared directory (their lock files name them) and removes it. */
export async function stopSharedServersIn(root: string): Promise<void> {
  const pids = fs.existsSync(root)
    ? fs.readdirSync(root).flatMap((name) => {
        const pidFile = path.join(root, name, "quire.pid");
        return fs.existsSync(pidFile) ? [Number(fs.readFileSync(pidFile, "utf8"))] : [];
      })
    : [];
  for (const pid of pids.filter(isAlive)) process.kill(pid, "SIGTERM");
  const deadline = Date.now() + 15_000;
  while (pids.some(isAlive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  for (const pid of pids.filter(isAlive)) process.kill(pid, "SIGKILL");
  fs.rmSync(root, { recursive: true, force: true });
}
