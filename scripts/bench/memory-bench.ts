import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "@test/free-port";
import { ApiTokensPage } from "../../e2e/pages/api-tokens-page";
import { launchBrowser } from "../../e2e/support/browser";
import { startEnv } from "../../e2e/support/start-app";
import { signedUpPage } from "../../e2e/support/workspace";
import { writeBenchSection } from "./benchmarks-doc";
import { generateText } from "./generate-text";
import type { MemoryReading } from "./memory-probe";
import { MemoryProbe } from "./memory-probe";
import { describeSmaps } from "./proc-smaps";
import { seededRandom } from "./seeded-random";

// `npm run bench:memory` (issue 13.5): the production server as `npm start` runs it, on a fresh
// embedded database. Reads its memory (after a full GC, through the inspector) at start, after
// DOCUMENTS documents of mixed size were created, exported and searched through the API, and
// after an idle period, then once more after a restart on the filled data directory. Settings come from the environment, so `PGLITE_SHARED_BUFFERS=128MB npm
// run bench:memory` measures the old cache. `-- --documents N`, `-- --idle-minutes M`;
// `-- --quick` runs 40 documents and a 15 s idle period and writes nothing (the figures quoted
// for 40 documents in docs/benchmarks.md). `-- --after-ready-seconds S` reads the starts S s
// after "ready" instead of 5 (bench:smoke: 1, with a 3 s idle period: it only proves the bench runs).
const OUTPUT = path.resolve(import.meta.dirname, "../../docs/benchmarks.md");
const ROOT = path.resolve(import.meta.dirname, "../..");
const isQuick = process.argv.includes("--quick");
const flag = (name: string) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const DOCUMENTS = Number(flag("--documents") ?? (isQuick ? 40 : 5000));
const IDLE_MINUTES = Number(flag("--idle-minutes") ?? (isQuick ? 0.25 : 10));
const AFTER_READY_S = Number(flag("--after-ready-seconds") ?? 5);
const CONCURRENCY = 4;
const began = performance.now();
const log = (message: string) => console.log(`[bench:memory ${((performance.now() - began) / 1000).toFixed(0).padStart(4)} s] ${message}`);

/** Mixed sizes: most documents are notes, some are long, a few are books. */
function wordsFor(index: number, random: () => number): number {
  const roll = random();
  if (roll < 0.02) return 8000 + (index % 4000);
  if (roll < 0.2) return 1000 + Math.floor(random() * 2000);
  return 50 + Math.floor(random() * 400);
}

async function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, [path.join(".next", "quire", "server.mjs")], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...startEnv(),
      NODE_OPTIONS: "--inspect=127.0.0.1:0",
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      API_RATE_LIMIT: "1000000",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => output.includes("Quire is ready at") && (clearInterval(timer), resolve()), 100);
    child.once("exit", (code) => (clearInterval(timer), reject(new Error(`server exited with ${code}:\n${output}`))));
  });
  const stop = async () => {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGINT");
    await exited;
  };
  return { pid: child.pid ?? 0, output: () => output, stop };
}

async function runPool<T>(items: T[], work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index] as T, index);
      }
    }),
  );
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-memory-"));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
let server = await startServer(dataDir, port);
const readings: Array<{ stage: string; reading: MemoryReading }> = [];
let probe: MemoryProbe | undefined;
try {
  probe = await MemoryProbe.connect(server.output, server.pid);
  const measure = async (stage: string) => {
    const reading = await (probe as MemoryProbe).read();
    readings.push({ stage, reading });
    log(`${stage}: RSS ${reading.rss.toFixed(0)} MB (anon ${reading.rssAnon.toFixed(0)}, file ${reading.rssFile.toFixed(0)}), heap ${reading.heapUsed.toFixed(0)}/${reading.heapTotal.toFixed(0)}, external ${reading.external.toFixed(0)}, ${reading.threads} threads; ${describeSmaps(reading.smaps)}`);
  };
  // A first start (initdb and migrations), 5 s after "ready" as bench:start-up reads it.
  await new Promise((resolve) => setTimeout(resolve, AFTER_READY_S * 1000));
  await measure(`start (first start, empty data directory)${AFTER_READY_S === 5 ? "" : `, ${AFTER_READY_S} s after ready`}`);

  const browser = await launchBrowser();
  let token: string;
  try {
    const { page, person } = await signedUpPage(browser, url, "memory");
    const tokens = new ApiTokensPage(page, person.workspaceSlug);
    await tokens.open();
    token = await tokens.create({ name: "Memory bench", scope: "write" });
  } finally {
    await browser.close();
  }
  const api = async (pathname: string, init: RequestInit = {}) => {
    const response = await fetch(`${url}${pathname}`, { ...init, headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...init.headers } });
    if (!response.ok) throw new Error(`${init.method ?? "GET"} ${pathname}: ${response.status} ${await response.text()}`);
    return response;
  };

  const random = seededRandom(13);
  const sizes = Array.from({ length: DOCUMENTS }, (_, index) => wordsFor(index, random));
  const totalWords = sizes.reduce((a, b) => a + b, 0);
  const ids: string[] = [];
  log(`creating ${DOCUMENTS} documents (${totalWords.toLocaleString("en")} words)…`);
  await runPool(sizes, async (words, index) => {
    const markdown = generateText(words, index + 1).text.replace(/\n/g, "\n\n");
    const response = await api("/api/v1/documents", { method: "POST", body: JSON.stringify({ title: `Document ${index + 1}`, markdown }) });
    ids[index] = ((await response.json()) as { id: string }).id;
    if ((index + 1) % 500 === 0) log(`  ${index + 1} created`);
    // A reading a thousand documents along, so a long run that is cut short still says something.
    if ((index + 1) % 1000 === 0 && index + 1 < DOCUMENTS) await measure(`${(index + 1).toLocaleString("en")} documents created`);
  });
  log("exporting each as Markdown, every 25th as HTML and .docx…");
  await runPool(ids, async (id, index) => {
    const formats = index % 25 === 0 ? ["md", "html", "docx"] : ["md"];
    for (const format of formats) await (await api(`/api/v1/documents/${id}/export?format=${format}`)).arrayBuffer();
    if ((index + 1) % 1000 === 0) log(`  ${index + 1} exported`);
  });
  const queries = isQuick ? 10 : 300;
  log(`searching ${queries} queries…`);
  const words = generateText(2000, 99).text.split(/\s+/).filter((word) => word.length > 3);
  await runPool(
    Array.from({ length: queries }, (_, index) => `${words[index % words.length]} ${words[(index * 7) % words.length]}`),
    async (query) => void (await (await api(`/api/v1/search?q=${encodeURIComponent(query)}`)).json()),
  );
  await measure(`after ${DOCUMENTS.toLocaleString("en")} documents created, exported and searched`);
  log(`idle for ${IDLE_MINUTES} minutes…`);
  await new Promise((resolve) => setTimeout(resolve, IDLE_MINUTES * 60_000));
  await measure(`after ${IDLE_MINUTES} idle minutes`);
  probe.close();
  await server.stop();
  // A restart on the data directory just filled: no initdb, no migrations, nothing cached yet.
  server = await startServer(dataDir, port);
  probe = await MemoryProbe.connect(server.output, server.pid);
  await new Promise((resolve) => setTimeout(resolve, AFTER_READY_S * 1000));
  await measure(`restart on that data directory, ${AFTER_READY_S} s after ready`);
} finally {
  probe?.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const settings = ["PGLITE_SHARED_BUFFERS", "BODY_WORKERS", "BODY_WORKER_IDLE_SECONDS", "MALLOC_ARENA_MAX"]
  .map((name) => `${name}=${{ ...process.env, ...startEnv() }[name] ?? "(default)"}`)
  .join(", ");
const mb = (value: number) => `${Math.round(value)} MB`;
const rows = readings.map(
  ({ stage, reading: r }) =>
    `| ${stage} | **${mb(r.rss)}** | ${mb(r.rssAnon)} | ${mb(r.rssFile)} | ${mb(r.heapUsed)} / ${mb(r.heapTotal)} | ${mb(r.external)} | ${mb(r.smaps.wasm)} | ${mb(r.smaps.mallocArenas + r.smaps.brk)} | ${mb(r.smaps.otherAnon)} | ${mb(r.arrayBuffers)} | ${r.threads} |`,
);
const table = `| stage | RSS | anonymous | files | V8 heap used / total | external | of which resident WebAssembly | malloc (arenas + brk) | other anonymous (V8 heaps, code) | array buffers | threads |
|---|---|---|---|---|---|---|---|---|---|---|
${rows.join("\n")}`;
console.log(`\n${settings}\n\n${table}\n`);
for (const { stage, reading } of readings) console.log(`${stage}: heap spaces ${JSON.stringify(Object.fromEntries(Object.entries(reading.spaces).map(([k, v]) => [k, Math.round(v)])))}`);
const resultFile = flag("--json");
if (resultFile) fs.writeFileSync(resultFile, JSON.stringify({ settings, readings, documents: DOCUMENTS, idleMinutes: IDLE_MINUTES }, null, 2));
if (!isQuick && !process.argv.includes("--no-write")) writeBenchSection(OUTPUT, "memory-run", `### Last run\n\n${settings}\n\n${table}\n`);
