import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
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

const failed: string[] = [];
const skipped: string[] = [];
const times: string[] = [];
for (const { script, flags } of RUNS) {
  if (Date.now() > startBy) {
    console.log(`\n==> ${script}: SKIPPED (it would start after ${SMOKE_START_BY_ENV}, ${new Date(startBy).toISOString()})`);
    skipped.push(script);
    continue;
  }
  const started = performance.now();
  console.log(`\n==> npm run ${script} -- ${flags.join(" ")}`);
  const run = spawnSync("npm", ["run", "--silent", script, "--", ...flags], { stdio: "inherit" });
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  times.push(`${script} ${seconds} s`);
  if (run.status === 0) {
    console.log(`==> ${script}: ran in ${seconds} s`);
  } else {
    console.log(`==> ${script}: FAILED (exit ${run.status ?? run.signal}) after ${seconds} s`);
    failed.push(script);
  }
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
