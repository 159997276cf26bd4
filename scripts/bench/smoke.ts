import { spawnSync } from "node:child_process";

// `npm run bench:smoke` (issue 13.1): every benchmark once in its quick mode, so that a probe the
// CSP blocks, a selector that moved or a changed API breaks CI instead of rotting until someone
// next measures. It asserts nothing about the times: shared machines are too noisy for that, and
// the figures to quote come from the full runs (docs/benchmarks.md). Quick runs write nothing.
const RUNS: Array<{ script: string; flags: string[] }> = [
  { script: "bench", flags: ["--quick"] },
  { script: "bench:collab", flags: ["--quick", "--no-write"] },
  { script: "bench:search", flags: ["--quick"] },
  { script: "bench:history", flags: ["--quick"] },
  { script: "bench:conversions", flags: ["--quick"] },
  { script: "bench:tables", flags: ["--quick"] },
  { script: "bench:lighthouse", flags: ["--quick"] },
  { script: "bench:start-up", flags: ["--quick"] },
  { script: "bench:memory", flags: ["--quick"] },
  { script: "bench:typing-profile", flags: ["--quick"] },
  // The soak's quick run still fails on an error or a lost keystroke: those are correctness, not timing.
  { script: "soak", flags: ["--minutes", "0.5", "--clients", "20", "--documents", "4", "--no-write", "--linger-seconds", "0"] },
];

const failed: string[] = [];
for (const { script, flags } of RUNS) {
  const started = performance.now();
  console.log(`\n==> npm run ${script} -- ${flags.join(" ")}`);
  const run = spawnSync("npm", ["run", "--silent", script, "--", ...flags], { stdio: "inherit" });
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  if (run.status === 0) {
    console.log(`==> ${script}: ran in ${seconds} s`);
  } else {
    console.log(`==> ${script}: FAILED (exit ${run.status ?? run.signal}) after ${seconds} s`);
    failed.push(script);
  }
}
if (failed.length > 0) {
  console.error(`\nbenchmarks that no longer run: ${failed.join(", ")}`);
  process.exitCode = 1;
} else {
  console.log(`\nall ${RUNS.length} benchmarks ran`);
}
