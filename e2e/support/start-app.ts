import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "@test/free-port";

/** A production Quire server started for one test file, or shared by a worker's files (shared-app.ts). */
export interface RunningApp {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** Sends `signal` and waits for the process to exit; resolves to its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface StartAppOptions {
  /** Reuse a data directory (a restart); a new temporary one by default. */
  dataDir?: string;
  /** Listen on this port (a restart that clients reconnect to); a free one by default. */
  port?: number;
  env?: Record<string, string>;
  /**
   * Send email through this SMTP server (a test's sink): sets SMTP_URL, and PUBLIC_URL to the
   * address the tests reach the server at (`url`), which Quire requires with SMTP_URL: emailed
   * links are built on it only (docs/configuration.md "Email"). Pages must be opened at `url`.
   */
  smtpUrl?: string;
  /** Resolve once the process exits instead of waiting for "ready" (for start-up failures). */
  expectExit?: boolean;
  /**
   * Start on an empty data directory, so the server creates and migrates its database (the
   * start-up tests). By default a new directory starts from the migrated database the e2e global
   * setup made once (E2E_DB_TEMPLATE_ENV): creating one costs seconds per file on a busy machine.
   */
  isFresh?: boolean;
  /**
   * Node's --enable-source-maps (on by default: stack traces in test failures point at the
   * sources). Off, the server runs as `npm start` runs it: with it on, Node keeps every loaded
   * chunk's source map in memory (tens of MiB of V8 heap), which memory benchmarks must not count.
   */
  sourceMaps?: boolean;
}

/** Where e2e/support/global-setup.ts (and bench:smoke) leaves a migrated embedded database to copy. */
export const E2E_DB_TEMPLATE_ENV = "QUIRE_E2E_DB_TEMPLATE";

const ROOT = path.resolve(import.meta.dirname, "../..");
const READY = /Quire is ready at /;

/**
 * The environment `npm start` gives the server besides NODE_ENV (package.json "start"): glibc's
 * malloc limited to 2 arenas unless MALLOC_ARENA_MAX is set (docs/configuration.md "Memory").
 * Tests and benchmarks start the server with it too, so they measure what `npm start` runs.
 */
export function startEnv(): Record<string, string> {
  return { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2" };
}

/** Boots `server.ts` in production mode on a free port with a temporary PGlite directory. */
const COMPILED_SERVER = path.join(".next", "quire", "server.mjs");

export async function startApp(options: StartAppOptions = {}): Promise<RunningApp> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? newDataDir({ isFresh: options.isFresh ?? false });
  // The compiled server `npm start` runs (scripts/build-server.ts; npm run test:e2e builds it).
  const child = spawn(process.execPath, [...(options.sourceMaps === false ? [] : ["--enable-source-maps"]), COMPILED_SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...startEnv(),
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      NEXT_TELEMETRY_DISABLED: "1",
      ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl, PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

  const app: RunningApp = {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    process: child,
    output: () => output,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  if (options.expectExit) {
    await exited;
    return app;
  }
  await new Promise<void>((resolve, reject) => {
    // A server that never got ready is stopped, not left starting beside the next attempt.
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start in 4 min:\n${output}`));
    }, 240_000);
    const check = () => {
      if (READY.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it was ready:\n${output}`));
    });
  });
  return app;
}

/**
 * A new data directory (under `under`, or the system's temporary folder) holding a copy of the
 * migrated database the e2e global setup made, or nothing when `isFresh`.
 */
export function newDataDir({ isFresh = false, under }: { isFresh?: boolean; under?: string } = {}): string {
  const dataDir = fs.mkdtempSync(path.join(under ?? os.tmpdir(), "quire-e2e-"));
  if (!isFresh) copyDatabaseTemplate(dataDir);
  return dataDir;
}

/**
 * Copies the migrated database E2E_DB_TEMPLATE_ENV names (the e2e global setup's, or bench:smoke's)
 * into `dataDir`, where a server or a script opening it finds it; returns false, copying nothing,
 * when that variable is unset.
 */
export function copyDatabaseTemplate(dataDir: string): boolean {
  const template = process.env[E2E_DB_TEMPLATE_ENV];
  if (!template) return false;
  fs.cpSync(template, path.join(dataDir, "db"), { recursive: true });
  return true;
}

/** Stops the app and removes its data directory. */
export async function stopApp(app: RunningApp | undefined): Promise<void> {
  if (!app) return;
  await app.stop();
  fs.rmSync(app.dataDir, { recursive: true, force: true });
}
