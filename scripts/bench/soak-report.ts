import type { ProfileSummary } from "./collab/cpu-profile";
import type { LoopDelay } from "./server-loop-delay";
import type { CollectedMemory } from "./soak-memory";
import { describeCollected } from "./soak-memory";
import type { RssVerdict, SoakErrors, SoakSample } from "./soak-verdicts";
import { RSS_TOLERANCE } from "./soak-verdicts";

export const SOAK_COMMAND = "npm run soak";

export interface SoakResults {
  machine: string;
  flags: string[];
  minutes: number;
  clients: number;
  /** Clients that synced and typed. */
  connected: number;
  documents: number;
  cps: number;
  pagesPerMinute: number;
  apiReadsPerMinute: number;
  /** The server after warm-up, before any soak client connected. */
  idle: { rssMiB: number; loop: LoopDelay };
  /** Memory after a full GC: before the clients connect, after the documents were stored, and lingerSeconds later. */
  collected: { before: CollectedMemory; after: CollectedMemory; linger: CollectedMemory; lingerSeconds: number };
  samples: SoakSample[];
  errors: SoakErrors;
  errorSamples: string[];
  totals: { pageLoads: number; apiReads: number; updates: number };
  typed: number;
  stored: number;
  inexactLines: number;
  /** From typing stopped until the server had answered every update, and from the clients closing until the stores held every line. */
  settleMs: number;
  persistMs: number;
  rss: RssVerdict;
  /** With `--profile`: the server's CPU profile over the typing period. */
  profile?: ProfileSummary;
  correct: boolean;
  loadAverages: number[];
  seconds: number;
}

const met = (ok: boolean | null) => (ok === null ? "not judged (no reading after the level)" : ok ? "met" : "**not met**");
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : "–");
const pct = (ratio: number | null) => (ratio === null ? "–" : `${ratio >= 1 ? "+" : ""}${((ratio - 1) * 100).toFixed(1)}%`);
const minutes = (seconds: number) => (seconds < 120 ? `${seconds.toFixed(0)} s` : `${(seconds / 60).toFixed(seconds < 600 ? 1 : 0)} min`);

function profileLines(p: ProfileSummary | undefined): string[] {
  if (!p) return [];
  const parts = p.parts.filter((part) => part.percent >= 1).map((part) => `${part.name} ${part.percent.toFixed(0)} %`);
  return [
    `Server CPU profile of the typing period (\`-- --profile\`: V8's sampler over the inspector, ${(p.totalMs / 1000).toFixed(1)} s busy). Inclusive share of busy time (parts overlap): ${parts.join("; ")}. Self time by package: ${p.packages
      .slice(0, 8)
      .map((k) => `${k.name} ${k.percent.toFixed(0)} %`)
      .join(", ")}. Busiest functions (self): ${p.functions
      .slice(0, 8)
      .map((f) => `\`${f.name}\` (${f.where}) ${f.percent.toFixed(1)} %`)
      .join(", ")}.`,
    "",
  ];
}

/** The "Soak (issue 13.8)" section of docs/benchmarks.md. */
export function formatSoakSection(r: SoakResults): string {
  const errorCount = r.errors.http + r.errors.socket + r.errors.sync;
  const loopWorst = r.samples.reduce((worst, s) => Math.max(worst, s.loopP99Ms), 0);
  const rssLevel = r.rss.isShortRun
    ? `its level after the first fifth of this ${minutes(r.minutes * 60)} run (${minutes(r.rss.baselineAtS)}; a run under 5 minutes has no 5-minute level)`
    : "its level after the first 5 minutes";
  const rows = r.samples.map(
    (s) =>
      `| ${minutes(s.atS)} | ${s.rssMiB.toFixed(0)} MiB (${s.rssMaxMiB.toFixed(0)}) | ${ms(s.loopP99Ms)} | ${ms(s.loopMaxMs)} | ${s.serverCpuPercent.toFixed(0)} % | ${s.serverWaitMsPerS.toFixed(0)} ms/s | ${s.updates.toLocaleString("en")} | ${s.pageLoads} (p95 ${ms(s.pageP95Ms)}) | ${s.apiReads} (p95 ${ms(s.apiP95Ms)}) | ${s.loadAverage.toFixed(1)} |`,
  );
  return [
    "## Soak (issue 13.8)",
    "",
    `Command: \`${SOAK_COMMAND}${r.flags.length > 0 ? ` -- ${r.flags.join(" ")}` : ""}\` — ${r.seconds.toFixed(0)} s in all.`,
    `Machine: ${r.machine}; load average at the end ${r.loadAverages.map((l) => l.toFixed(1)).join(", ")} (2 cores shared with other work). The server, two load-generator processes and the soak's own process share them.`,
    "",
    `${r.connected} of ${r.clients} clients on ${r.documents} documents typed ${r.cps} keystrokes a second each (a cursor move in awareness with every one) for ${r.minutes} minutes, with ${r.pagesPerMinute} document page loads and ${r.apiReadsPerMinute} API reads a minute: ${r.totals.updates.toLocaleString("en")} updates, ${r.totals.pageLoads.toLocaleString("en")} page loads, ${r.totals.apiReads.toLocaleString("en")} API reads.`,
    "",
    "| check | target | result | |",
    "|---|---|---|---|",
    `| errors | 0 | ${errorCount} (HTTP ${r.errors.http}, socket ${r.errors.socket}, sync ${r.errors.sync}) | ${met(errorCount === 0)} |`,
    `| keystrokes typed / stored | equal | ${r.typed.toLocaleString("en")} / ${r.stored.toLocaleString("en")}${r.inexactLines > 0 ? `, ${r.inexactLines} lines not as typed` : ""} | ${met(r.typed === r.stored && r.inexactLines === 0)} |`,
    `| RSS | within ${RSS_TOLERANCE * 100}% of ${r.rss.isShortRun ? "its level after the first fifth" : "its level after 5 minutes"} | level ${r.rss.baselineMiB?.toFixed(0) ?? "–"} MiB; later readings ${pct(r.rss.lowest)} to ${pct(r.rss.highest)} | ${met(r.rss.met)} |`,
    `| event-loop delay p99 | reported each minute | worst minute ${ms(loopWorst)}; idle server ${ms(r.idle.loop.p99Ms)} | – |`,
    "",
    ...(r.errorSamples.length > 0 ? ["First errors:", "", ...r.errorSamples.map((e) => `- \`${e}\``), ""] : []),
    `${r.errors.sync === 0 ? "Every update was answered" : "The last answer to an update came"} ${(r.settleMs / 1000).toFixed(1)} s after typing stopped; the stored bodies ${r.typed === r.stored ? "held every line" : "had stopped changing"} ${(r.persistMs / 1000).toFixed(1)} s after the clients closed. Idle server before the soak: RSS ${r.idle.rssMiB.toFixed(0)} MiB, event-loop delay p99 ${ms(r.idle.loop.p99Ms)}, max ${ms(r.idle.loop.maxMs)}. RSS is judged against ${rssLevel}. After a full garbage collection (forced over the inspector, outside the readings): before the clients connected ${describeCollected(r.collected.before)}; once they had gone and the documents were stored ${describeCollected(r.collected.after)}; ${r.collected.lingerSeconds} s later ${describeCollected(r.collected.linger)}.`,
    "",
    "| at | server RSS median (max) | loop delay p99 | loop delay max | server CPU | waited for a core | updates | page loads | API reads | load (1 min) |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...rows,
    "",
    ...profileLines(r.profile),
    "### How it measures",
    "",
    `\`${SOAK_COMMAND}\` (flags \`--minutes\` 30, \`--clients\` 200, \`--documents\` 20, \`--cps\` 2, \`--pages-per-minute\` 60,`,
    "`--api-reads-per-minute` 120, `--no-write`) builds the production app if sources changed, creates an account, its",
    "workspace, the documents and a read-scope API token through the services (`scripts/bench/collab/seed-workspace.ts`), and",
    "starts the compiled server with `--inspect=127.0.0.1:0`. Two load-generator processes (`collab/generator.ts`) hold the",
    "clients: the collab bench's protocol clients (`collab/raw-client.ts`, Hocuspocus's wire protocol over a real WebSocket),",
    "spread evenly over the documents, each typing letters and spaces on a line of its own that starts with a marker",
    "(`#soak-<pid>-<n>: `). The soak's own process loads document pages (`GET /w/<ws>/d/<doc>` with the session cookie)",
    "and reads the API in turn (a document as Markdown and the document list with the token, a document's delta with",
    "the cookie), each at a fixed rate whatever the answers take; anything but a 200 within 30 s is an HTTP error.",
    "Socket errors are the clients' `error` events and every close the client did not ask for; sync errors are clients",
    "that never synced, updates the server refused, and updates it never answered (Hocuspocus answers each update with",
    "a SyncStatus message; the soak waits for the last answers while they keep coming, up to 10 minutes, and gives",
    "up after 30 s without one). Then the clients close, the server stores each document as its last client leaves, and",
    "the soak reads every stored body through the API (which reads the database) until each client's line is there as",
    "typed, or nothing changed for 30 s: a client's stored keystrokes are the",
    "characters of its line that match what it typed, from the start. The event-loop delay is a",
    "`perf_hooks.monitorEventLoopDelay` histogram (10 ms resolution, so an idle loop reads about 10 ms) created and read",
    "over the inspector in the server's main thread, reset at each reading. RSS is read from `/proc/<pid>/status` every",
    "5 s (without forcing a garbage collection, which would stall the loop being measured); a reading's RSS is the median",
    "of its interval's, so the 5-minute level is a level rather than one moment between two collections, and the verdict",
    "compares those medians; server CPU and the time its main thread waited for a core (runnable, not running: the",
    "machine's other work) come from `/proc/<pid>/stat` and `schedstat`. Readings come every minute (a tenth of a run shorter than 10 minutes). `npm run bench:smoke`",
    "runs `-- --minutes 0.5 --clients 20 --documents 4 --no-write --linger-seconds 0` and fails on any error or lost keystroke, never on a time.",
    "The memory readings after a full GC (before the clients, once they left and the documents were stored, and",
    "`--linger-seconds` (60) later) split RSS by mapping (`proc-smaps.ts`); the server runs without `--enable-source-maps`,",
    "as `npm start` runs it. `--heap-snapshots <dir>` also writes a V8 heap snapshot of the server at each of those three",
    "points for `heap-snapshot-diff.ts`; writing one costs the process hundreds of MiB of native memory, so RSS after it says nothing.",
  ].join("\n");
}
