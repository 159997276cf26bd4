import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "@test/free-port";
import { copyDatabaseTemplate, startEnv } from "../../e2e/support/start-app";
import { writeBenchSection } from "./benchmarks-doc";

// `npm run bench:start-up` (issue 14.9): the production server run as compiled JavaScript
// (`npm start`, .next/quire/server.mjs) against the same server run through tsx, as it was
// before, and against the compiled server loading every route before it listens
// (PRELOAD_ROUTES=true): time from spawn to "ready", the first page's answer, and RSS 5 s after
// it, alternating them ROUNDS times on a fresh data directory each, with the environment
// `npm start` gives (startEnv). `-- --quick` runs one round, reads RSS at once instead of 5 s on,
// and writes nothing (CI smoke); under bench:smoke it starts on copies of that run's migrated
// database (E2E_DB_TEMPLATE_ENV) instead of running initdb and the migrations four times.
const OUTPUT = path.resolve(import.meta.dirname, "../../docs/benchmarks.md");
const isQuick = process.argv.includes("--quick");
const ROUNDS = isQuick ? 1 : Number(process.env.ROUNDS ?? 5);
const RSS_AFTER_MS = isQuick ? 0 : 5000;
interface Variant {
  name: string;
  args: string[];
  env?: Record<string, string>;
}
const VARIANTS: Variant[] = [
  { name: "compiled (`node .next/quire/server.mjs`, as `npm start`)", args: [".next/quire/server.mjs"] },
  { name: "compiled, every route loaded before listening (`PRELOAD_ROUTES=true`)", args: [".next/quire/server.mjs"], env: { PRELOAD_ROUTES: "true" } },
  { name: "compiled with `--enable-source-maps`", args: ["--enable-source-maps", ".next/quire/server.mjs"] },
  { name: "baseline: tsx (`node --import tsx server.ts`)", args: ["--import", "tsx", "server.ts"] },
];

interface Sample {
  readyMs: number;
  firstPageMs: number;
  rssMb: number;
}

async function sample({ args, env }: Variant): Promise<Sample> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-start-up-"));
  if (isQuick) copyDatabaseTemplate(dataDir);
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...startEnv(), PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("Quire is ready at")) resolve();
      });
      child.on("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    });
    const readyMs = performance.now() - started;
    const asked = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}/login`);
    if (!response.ok) throw new Error(`GET /login answered ${response.status}`);
    await response.text();
    const firstPageMs = performance.now() - asked;
    // Read after the page's garbage has had time to be collected, not at the peak of rendering it.
    await new Promise((resolve) => setTimeout(resolve, RSS_AFTER_MS));
    const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return { readyMs, firstPageMs, rssMb: rssKb / 1024 };
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGINT");
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const samples = new Map<string, Sample[]>(VARIANTS.map((variant) => [variant.name, []]));
for (let round = 0; round < ROUNDS; round += 1) {
  for (const variant of VARIANTS) samples.get(variant.name)?.push(await sample(variant));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const results = VARIANTS.map((variant) => {
  const runs = samples.get(variant.name) ?? [];
  return {
    name: variant.name,
    readyMs: median(runs.map((run) => run.readyMs)),
    firstPageMs: median(runs.map((run) => run.firstPageMs)),
    rssMb: median(runs.map((run) => run.rssMb)),
  };
});
const baseline = results.at(-1);
if (!baseline) throw new Error("no samples");
const rows = results.map(
  (row) =>
    `| ${row.name} | ${Math.round(row.readyMs)} ms | ${(row.readyMs / baseline.readyMs).toFixed(2)}× | ${Math.round(row.firstPageMs)} ms | ${Math.round(row.rssMb)} MB | ${(row.rssMb / baseline.rssMb).toFixed(2)}× |`,
);
const section = `## Production start-up (issue 14.9)

\`npm run bench:start-up\`, ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version}: the
median of ${ROUNDS} alternating starts each on a fresh embedded database (migrations included), with
\`MALLOC_ARENA_MAX=2\` as \`npm start\` sets it; the first page (/login, signed out) asked for at
"ready", and RSS 5 s after it.

| server | spawn → ready | ratio | first page | RSS | ratio |
|---|---|---|---|---|---|
${rows.join("\n")}

Production runs the compiled server: no TypeScript loader and no esbuild service beside it.
Each route's server code loads with its first request (Next's \`preloadEntriesOnStart\` off, the
first page's time above includes it); \`PRELOAD_ROUTES=true\` loads all of them before the server
listens (docs/configuration.md "Memory").
Node's source-map support parses every loaded chunk's map (Next writes them for its server
chunks too), so \`npm start\` leaves it off; \`NODE_OPTIONS=--enable-source-maps npm start\` turns it
on when a stack trace must name TypeScript lines.
`;
console.log(section);
if (!isQuick) writeBenchSection(OUTPUT, "start-up", section);
