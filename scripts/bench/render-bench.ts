import autocannon from "autocannon";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** One server's figures under autocannon. */
export interface LoadStats {
  p50Ms: number;
  p99Ms: number;
  requestsPerSecond: number;
  /** Wall time per request on the single connection (duration ÷ requests): sub-millisecond precision. */
  msPerRequest: number;
  requests: number;
}

/** Quire's document page next to a bare server sending the same bytes. */
export interface RenderResult {
  htmlBytes: number;
  /** How many times the body's first words occur in the page's HTML (null without a body). */
  bodyCopies: number | null;
  /** SQL statements the server sent for one request (LOG_SQL lines), or null when not counted. */
  statements: number | null;
  quire: LoadStats;
  bare: LoadStats;
  /** quire.msPerRequest ÷ bare.msPerRequest. */
  ratio: number;
}

export interface RenderOptions {
  /** Seconds of load on Quire's page. */
  durationSec: number;
  /** Seconds of load on the bare server. */
  bareDurationSec: number;
  /** The body's first words, to count its copies in the HTML; null for an empty body. */
  marker: string | null;
  /** How many SQL statements the server has logged so far (its LOG_SQL=1 output). */
  countStatements?: () => number;
}

const BARE_SERVER = path.join(import.meta.dirname, "bare-server.ts");
const WARM_UP_REQUESTS = 20;
const STATEMENT_COUNT_REQUESTS = 3;

/**
 * Loads `url` (an authenticated page) with autocannon on one connection, then a bare
 * Node server that answers the page's HTML, fetched once, from memory.
 * @throws Error when the page does not answer 200, or any request fails
 */
export async function benchRender(url: string, cookie: string, options: RenderOptions): Promise<RenderResult> {
  const headers = { cookie, accept: "text/html" };
  let html = Buffer.alloc(0);
  let statements: number | null = null;
  // The fewest of a few requests: the server's own timers (the webhook queue's poll, the email
  // worker) log statements too, and one may land in a request's window.
  for (let attempt = 0; attempt < STATEMENT_COUNT_REQUESTS; attempt++) {
    const statementsBefore = await settledCount(options.countStatements);
    const response = await fetch(url, { headers, redirect: "manual" });
    if (response.status !== 200) throw new Error(`GET ${url}: ${response.status}`);
    html = Buffer.from(await response.arrayBuffer());
    const statementsAfter = await settledCount(options.countStatements);
    if (statementsBefore === null || statementsAfter === null) break;
    statements = Math.min(statements ?? Infinity, statementsAfter - statementsBefore);
  }

  await load(url, headers, { amount: WARM_UP_REQUESTS });
  const quire = await load(url, headers, { duration: options.durationSec });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-bench-"));
  const file = path.join(dir, "page.html");
  fs.writeFileSync(file, html);
  const bare = await startBareServer(file);
  try {
    await load(bare.url, headers, { amount: WARM_UP_REQUESTS });
    const bareStats = await load(bare.url, headers, { duration: options.bareDurationSec });
    const bodyCopies = options.marker === null ? null : html.toString("utf8").split(options.marker).length - 1;
    return { htmlBytes: html.length, bodyCopies, statements, quire, bare: bareStats, ratio: quire.msPerRequest / bareStats.msPerRequest };
  } finally {
    await bare.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The count once the server's output has caught up (it arrives through a pipe), or null without a counter. */
async function settledCount(count: (() => number) | undefined): Promise<number | null> {
  if (!count) return null;
  let last = count();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = count();
    if (now === last) return now;
    last = now;
  }
}

async function load(url: string, headers: Record<string, string>, limit: { amount: number } | { duration: number }): Promise<LoadStats> {
  // One connection, no pipelining: latency is the time to serve one request, not queueing.
  const result = await autocannon({ url, headers, connections: 1, pipelining: 1, timeout: 30, ...limit });
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(`autocannon on ${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`);
  }
  const requests = result.requests.total;
  return {
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requestsPerSecond: requests / result.duration,
    msPerRequest: (result.duration * 1000) / requests,
    requests,
  };
}

async function startBareServer(file: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ["--import", "tsx", BARE_SERVER, file], { stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("bare server did not start in 15 s")), 15_000);
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve(Number(match[1]));
    });
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
