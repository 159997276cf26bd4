import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { createDatabaseTemplate } from "../../e2e/support/database-template";
import { E2E_DB_TEMPLATE_ENV } from "../../e2e/support/start-app";

// `npm run bench:smoke` (issue 13.1): every benchmark once in its quick mode, so that a probe the
// CSP blocks, a selector that moved or a changed API breaks CI instead of rotting until someone
// next measures. It asserts nothing about the times: shared machines are too noisy for that, and
// the figures to quote come from the full runs (docs/benchmarks.md). Quick runs write nothing.
// Those without a server first, then the browser-driven ones by what they guard; the costliest
// last. On a slow CI machine those past SMOKE_START_BY_ENV give way (see below).
const RUNS: Array<{ script: string; flags: string[] }> = [
  { script: "bench:history", flags: ["--quick"] },
  { script: "bench:search", flags: ["--quick"] },
  { script: "bench:conversions", flags: ["--quick"] },
  { script: "bench", flags: ["--quick"] },
  { script: "bench:collab", flags: ["--quick", "--no-write"] },
  { script: "bench:flood", flags: ["--quick"] },
  { script: "bench:typing-profile", flags: ["--quick"] },
  { script: "bench:tables", flags: ["--quick"] },
  // Its quick mode is what the 40-document figures in docs/benchmarks.md came from, so the smoke
  // run shortens it by its flags: a 3 s idle period, and readings 1 s after "ready".
  { script: "bench:memory", flags: ["--quick", "--idle-minutes", "0.05", "--after-ready-seconds", "1"] },
  // The soak's quick run still fails on an error or a lost keystroke: those are correctness, not
  // timing. 12 s of typing is 480 keystrokes, page loads and API reads among them.
  { script: "soak", flags: ["--minutes", "0.2", "--clients", "20", "--documents", "4", "--no-write", "--linger-seconds", "0"] },
  { script: "bench:start-up", flags: ["--quick"] },
  { script: "bench:lighthouse", flags: ["--quick"] },
];

/**
 * The time (Unix ms) after which no further benchmark starts: it is reported skipped, one line.
 * Unset, every one runs. Only CI sets it (.ci/run): its runs stop at 90 minutes, and on its
 * slowest machines the smoke runs (a server start or three each) take 40 minutes on their own.
 */
const SMOKE_START_BY_ENV = "QUIRE_SMOKE_START_BY";
const startBy = Number(process.env[SMOKE_START_BY_ENV] ?? Number.POSITIVE_INFINITY);

// One migrated embedded database, made once, that every server the benches start on a new data
// directory begins as a copy of (startApp, seedWorkspace and bench:start-up's quick mode read
// E2E_DB_TEMPLATE_ENV, as in the e2e suite): a fresh directory's initdb and migrations took 14-16 s
// on a busy 2-core machine, and eleven server starts paid them. bench:memory's first start still
// runs them on purpose: it reads the memory of a first start.
const templateDir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-smoke-template-"));
process.env[E2E_DB_TEMPLATE_ENV] = await createDatabaseTemplate(templateDir);

// Two at a time: a smoke run mostly waits (on its windows, page loads, a server's start), and one
// at a time kept about half of one core busy (289 s of CPU in 10.1 min), so two side by side take
// little more than the longer of them.
// SMOKE_JOBS=1 runs them one after another. Each line a bench prints comes out as it is printed,
// after the bench's name.
const JOBS = Math.max(1, Number(process.env.SMOKE_JOBS ?? 2));

// The build, once, before any bench: each npm script checks it first, and two at once must not
// both start a rebuild of the same .next.
const build = spawnSync(process.execPath, ["--import", "tsx", "scripts/build-if-stale.ts"], { stdio: "inherit" });
if (build.status !== 0) {
  console.error("the production build failed");
  process.exit(1);
}

const failed: string[] = [];
const skipped: string[] = [];
const times: string[] = [];
const queue = [...RUNS];
await Promise.all(Array.from({ length: JOBS }, () => lane()));

async function lane(): Promise<void> {
  for (let next = queue.shift(); next; next = queue.shift()) {
    const { script, flags } = next;
    if (Date.now() > startBy) {
      console.log(`\n==> ${script}: SKIPPED (it would start after ${SMOKE_START_BY_ENV}, ${new Date(startBy).toISOString()})`);
      skipped.push(script);
      continue;
    }
    const started = performance.now();
    console.log(`\n==> npm run ${script} -- ${flags.join(" ")}`);
    const status = await runPrefixed(script, ["run", "--silent", script, "--", ...flags]);
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    times.push(`${script} ${seconds} s`);
    if (status === 0) {
      console.log(`==> ${script}: ran in ${seconds} s`);
    } else {
      console.log(`==> ${script}: FAILED (exit ${status}) after ${seconds} s`);
      failed.push(script);
    }
  }
}

/** Runs `npm args`, printing each line of its output after `[name]`; resolves to its exit code or signal. */
function runPrefixed(name: string, args: string[]): Promise<number | string> {
  const child = spawn("npm", args, { stdio: ["ignore", "pipe", "pipe"] });
  const forward = (from: NodeJS.ReadableStream, to: NodeJS.WriteStream) => {
    readline.createInterface({ input: from, crlfDelay: Infinity }).on("line", (line) => to.write(`[${name}] ${line}\n`));
  };
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  return new Promise((resolve) => child.on("close", (code, signal) => resolve(code ?? signal ?? "unknown")));
}

fs.rmSync(templateDir, { recursive: true, force: true });
console.log(`\nsmoke runs: ${times.join(", ") || "none"}`);
if (failed.length > 0) {
  console.error(`\nbenchmarks that no longer run: ${failed.join(", ")}`);
  process.exitCode = 1;
} else if (skipped.length > 0) {
  console.log(`\n${RUNS.length - skipped.length} of ${RUNS.length} benchmarks ran; skipped for time: ${skipped.join(", ")}`);
} else {
  console.log(`\nall ${RUNS.length} benchmarks ran`);
}
