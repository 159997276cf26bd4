import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Before and after in one run (issue 13.6): runs conversions-probe.ts alternately in another
// checkout (`--before <dir>`, e.g. a worktree of main; the probe is copied into it) and in this
// one, `--rounds` times each, and prints the medians of every sample per side: the process's CPU
// (all threads), wall and main-thread active time per 150 KB create or import, and the
// many-file import's event-loop figures. Interleaving puts both sides under the same load.
// `node --import tsx scripts/bench/conversions-compare.ts --before ../main-copy [--rounds 3] [--runs 3] [--files 500]`
const option = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};
const before = path.resolve(option("before", ""));
const after = path.resolve(import.meta.dirname, "../..");
const rounds = Number(option("rounds", "3"));
const runs = option("runs", "3");
const files = option("files", "500");
if (!fs.existsSync(path.join(before, "package.json"))) throw new Error("--before must name another checkout of Quire");
fs.copyFileSync(path.join(import.meta.dirname, "conversions-probe.ts"), path.join(before, "scripts/bench/conversions-probe.ts"));

interface Probe {
  steps: Record<string, { cpu: number[]; wall: number[]; main: number[] }>;
  import: Record<string, number>;
  load: number;
}
const results: Record<"before" | "after", Probe[]> = { before: [], after: [] };
const loads: number[] = [os.loadavg()[0] ?? 0];
for (let round = 0; round < rounds; round += 1) {
  for (const [side, dir] of [["before", before], ["after", after]] as const) {
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/bench/conversions-probe.ts", runs, files], { cwd: dir, encoding: "utf8", maxBuffer: 16 << 20 });
    if (run.status !== 0) throw new Error(`${side} probe failed: ${run.stderr}`);
    const line = run.stdout.trim().split("\n").at(-1) ?? "";
    results[side].push(JSON.parse(line) as Probe);
    loads.push(os.loadavg()[0] ?? 0);
    console.error(`[conversions-compare] round ${round + 1} ${side} done (load ${os.loadavg()[0]?.toFixed(1)})`);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const stepSamples = (side: "before" | "after", label: string, key: "cpu" | "wall" | "main") => results[side].flatMap((probe) => probe.steps[label]?.[key] ?? []);
const labels = Object.keys(results.after[0]?.steps ?? {});
const lines = [
  `| 150 KB document | CPU before | CPU after | main thread before | main thread after | wall before | wall after |`,
  `|---|---|---|---|---|---|---|`,
  ...labels.map((label) => `| ${label} | ${(["cpu", "main", "wall"] as const).map((key) => `${ms(median(stepSamples("before", label, key)))} | ${ms(median(stepSamples("after", label, key)))}`).join(" | ")} |`),
  ``,
  `| ${files}-file import | before | after |`,
  `|---|---|---|`,
  ...Object.keys(results.after[0]?.import ?? {})
    .filter((key) => typeof results.after[0]?.import[key] === "number" && key !== "files" && key !== "pgliteCalls")
    .map((key) => {
      const unit = key.endsWith("Mb") ? (value: number) => `${value.toFixed(0)} MB` : ms;
      return `| ${key} (median of ${rounds}) | ${unit(median(results.before.map((probe) => probe.import[key] ?? 0)))} | ${unit(median(results.after.map((probe) => probe.import[key] ?? 0)))} |`;
    }),
  ``,
  `Samples per side: ${rounds} processes × ${runs} runs after a warm-up; load average (1 min) ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} during, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}.`,
];
console.log(lines.join("\n"));
fs.writeFileSync(path.join(os.tmpdir(), "conversions-compare.json"), JSON.stringify(results));
