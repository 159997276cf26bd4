import os from "node:os";
import type { ProfileSummary } from "./cpu-profile";
import type { GuardCostRow } from "./guard-cost";
import type { IdleResult } from "./idle-connections";
import type { StepResult } from "./many-editors";
import type { ReplayResult } from "./trace-replay";

/** Everything one `npm run bench:collab` measured (parts left out with --only are absent). */
export interface CollabResults {
  machine: string;
  quick: boolean;
  /** The flags the run was given, as typed after `--`. */
  flags: string[];
  seconds: number;
  replay?: ReplayResult;
  editors?: StepResult[];
  /** Why (b) stopped adding clients. */
  editorsStop?: string;
  idle?: IdleResult;
  profile?: ProfileSummary;
  guard?: GuardCostRow[];
}

export const COLLAB_TARGETS = { replayRatio: 3, clients: 400, p95Ms: 150, kibPerConnection: 50, rssBackMiB: 10 } as const;
export const COLLAB_COMMAND = "npm run bench:collab";

/** One line naming the machine: cores, memory, Node, OS and the date. */
export function describeCollabMachine(): string {
  const cpus = os.cpus();
  const date = new Date().toISOString().slice(0, 16).replace("T", " ");
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, ${os.type()} ${os.release()}, ${date} UTC`;
}

/** The "Collaboration server (issue #4)" section of docs/benchmarks.md. */
export function formatCollabSection(results: CollabResults): string {
  const met = (ok: boolean) => (ok ? "met" : "**not met**");
  const lines = [
    "## Collaboration server (issue #4)",
    "",
    `Command: \`${COLLAB_COMMAND}${results.flags.length > 0 ? ` -- ${results.flags.join(" ")}` : ""}\` — ${results.seconds.toFixed(0)} s in all, including three server starts.${results.quick ? " **Quick mode: a smoke run, not the figures to quote.**" : ""}`,
    `Machine: ${results.machine}. The server, the load generators and the benchmark share its cores.`,
    "",
  ];
  const r = results.replay;
  if (r) {
    lines.push(
      "### (a) Replaying automerge-paper through the server",
      "",
      `${r.edits.toLocaleString("en")} edits (${r.endChars.toLocaleString("en")} characters at the end), ${r.batchSize} edits per Yjs transaction (${r.messages.toLocaleString("en")} update messages), typed by one client while ${r.watchers} others watch; target: every client has \`endContent\` within ${COLLAB_TARGETS.replayRatio}× the bare Y.Doc's time.`,
      "",
      row(["measure", "ms"]),
      row(["---", "---:"]),
      row(["bare Y.Doc in this process, same batches (the floor; median of " + r.floorRunsMs.length + ": " + r.floorRunsMs.map((ms) => ms.toFixed(0)).join(", ") + ")", ms(r.floorMs)]),
      row([`for comparison: the same batches piped in this process into ${r.watchers} more Y.Docs (the clients' Yjs work, no network, no server)`, ms(r.pipedMs)]),
      row(["the writer's own transactions (its Y.Doc and provider)", ms(r.writerMs)]),
      row(["first watcher has `endContent`", ms(r.firstWatcherMs)]),
      row([`**all ${r.watchers} watchers have \`endContent\`**`, `**${ms(r.allWatchersMs)}**`]),
      "",
      `Ratio to the floor: **${r.ratio.toFixed(1)}×** — ${met(r.ratio <= COLLAB_TARGETS.replayRatio)}. Server CPU meanwhile: ${r.serverCpuPercent.toFixed(0)} % of one core; its event loop waited ${r.serverWaitMsPerS.toFixed(0)} ms per second for a core (load average ${r.loadAverage.toFixed(1)} on ${os.cpus().length} cores).`,
      "",
    );
  }
  const steps = results.editors;
  if (steps && steps.length > 0) {
    const passing = steps.filter((s) => s.p95 < COLLAB_TARGETS.p95Ms).map((s) => s.clients);
    const best = passing.length > 0 ? Math.max(...passing) : 0;
    lines.push(
      "### (b) Many editors on one document",
      "",
      `Each client types 5 characters a second (Etherpad's load profile) into its own line and moves its cursor in awareness with every keystroke, as y-quill does; latency is keystroke → arrival at the observing clients (${steps.at(-1)?.observers ?? 0} sampled receivers, added 2 per step). Target: ${COLLAB_TARGETS.clients} clients with p95 under ${COLLAB_TARGETS.p95Ms} ms — largest step under it: **${best} clients**, ${met(best >= COLLAB_TARGETS.clients)}.`,
      "",
      row(["clients", "keystrokes in window", "arrivals", "missing", "p50 ms", "p95 ms", "p99 ms", "max ms", "server CPU %", "server CPU µs per keystroke", "server writes per keystroke", "server KiB written per keystroke", "server waited for a core, ms/s", "load average", "server RSS MiB", "generators CPU %", "generator lag p95 ms", "connect ms"]),
      row(Array(18).fill("---:")),
      ...steps.map((s) =>
        row([
          String(s.clients),
          s.keystrokes.toLocaleString("en"),
          s.samples.toLocaleString("en"),
          s.missing.toLocaleString("en"),
          ms(s.p50),
          `**${ms(s.p95)}**`,
          ms(s.p99),
          ms(s.max),
          s.serverCpuPercent.toFixed(0),
          s.serverCpuUsPerKeystroke.toFixed(0),
          s.serverWritesPerKeystroke.toFixed(1),
          (s.serverBytesPerKeystroke / 1024).toFixed(1),
          s.serverWaitMsPerS.toFixed(0),
          s.loadAverage.toFixed(1),
          s.serverRssMiB.toFixed(0),
          s.generatorCpuPercent.toFixed(0),
          ms(s.generatorLagP95),
          ms(s.connectMs),
        ]),
      ),
      "",
      `Stopped: ${results.editorsStop ?? "–"}.`,
      "",
    );
  }
  const p = results.profile;
  if (p) {
    lines.push(
      `Server CPU profile of the whole (b) run (\`-- --profile\`: V8's sampler over the inspector, ${ms(p.totalMs)} ms busy). Inclusive share of busy time (parts overlap): ${p.parts
        .map((part) => `${part.name} ${part.percent.toFixed(0)} %`)
        .join("; ")}. Self time by package: ${p.packages
        .slice(0, 6)
        .map((k) => `${k.name} ${k.percent.toFixed(0)} %`)
        .join(", ")}.`,
      "",
    );
  }
  const c = results.idle;
  if (c) {
    lines.push(
      "### (c) Idle connections",
      "",
      `${c.connections.toLocaleString("en")} connections over ${c.documents} empty documents (each synced and announced in awareness, as the editor does), connected in ${ms(c.connectMs)} ms. RSS after a full GC forced over the inspector; target: under ${COLLAB_TARGETS.kibPerConnection} KiB per connection and back near the start once all disconnect.`,
      "",
      row(["measure", "value", "target"]),
      row(["---", "---:", "---"]),
      row(["server RSS before (live V8 heap)", `${c.rssBeforeMiB.toFixed(1)} MiB (${c.heapBeforeMiB.toFixed(1)} MiB)`, ""]),
      row(["server RSS with all connected (live V8 heap)", `${c.rssConnectedMiB.toFixed(1)} MiB (${c.heapConnectedMiB.toFixed(1)} MiB)`, ""]),
      row(["**per idle connection**", `**${c.kibPerConnection.toFixed(1)} KiB**`, met(c.kibPerConnection < COLLAB_TARGETS.kibPerConnection)]),
      row([`server RSS ${c.settleSeconds} s after all disconnected (live V8 heap)`, `${c.rssAfterMiB.toFixed(1)} MiB, ${signed(c.rssAfterMiB - c.rssBeforeMiB)} MiB (${c.heapAfterMiB.toFixed(1)} MiB, ${signed(c.heapAfterMiB - c.heapBeforeMiB)} MiB)`, met(c.rssAfterMiB - c.rssBeforeMiB < COLLAB_TARGETS.rssBackMiB)]),
      "",
    );
  }
  const g = results.guard;
  if (g) {
    lines.push(
      "### (d) The update guard, per keystroke",
      "",
      "In the bench's own process (`scripts/bench/collab/guard-cost.ts`): every typist has written to one document, then one-character updates from them in turn are checked and applied as the server does. The full check applies each update to the guard's shadow copy (a second Yjs transaction per keystroke, and Yjs takes a full state vector, one entry per typist, at each end of one); the server's check takes a plain edit from its own structs (`src/server/body/plain-edit.ts`). CPU µs per keystroke, medians of alternating runs:",
      "",
      row(["typists", "full check + apply", "server's check + apply", "ratio"]),
      row(["---:", "---:", "---:", "---:"]),
      ...g.map((r) => row([String(r.clients), r.fullMicros.toFixed(1), r.checkMicros.toFixed(1), `${(r.checkMicros / r.fullMicros).toFixed(2)}×`])),
      "",
    );
  }
  lines.push(HOW_IT_MEASURES);
  return lines.join("\n");
}

const HOW_IT_MEASURES = `### How it measures

\`${COLLAB_COMMAND}\` builds the production app if sources changed, creates an account, its workspace
and 202 empty documents through the services (\`scripts/bench/collab/seed-workspace.ts\`, in its own
process on a temporary data directory), then for each part starts \`server.ts\` in production on that
directory (\`e2e/support/start-app.ts\`). The session cookie comes from better-auth's own sign-in in the
seed process (so the benchmark's client needs no browser Origin) and is checked against the running server (\`GET /api/auth/get-session\`).
Every client connects to the real \`/collab\` WebSocket with that session cookie and a matching
\`Origin\`; all of them share the one session. Load-generator processes are forked
(\`generator.ts\`), two for (b) and (c), so their work is not on the server's event loop; their CPU
is reported. Times across processes are \`performance.timeOrigin + performance.now()\`.

- **(a)** The trace (\`test/fixtures/editing-traces/sequential_traces/automerge-paper.json.gz\`,
  Martin Kleppmann's automerge-perf trace, CC BY 4.0) has no timestamps, so "as a person types"
  becomes a fixed batch: every 100 consecutive edits are one Yjs transaction, that is one update
  message, like one Quill change made of several keystrokes; the writer yields to the event loop
  between batches and never waits for the server. The writer is a \`@hocuspocus/provider\` client in
  the benchmark process; the watchers are provider clients in a forked process, each checking its
  text against \`endContent\` on every update. The floor applies the same batches to a bare Y.Doc.
- **(b)** Clients are lightweight: they speak Hocuspocus's protocol (\`raw-client.ts\`), sync once
  and then type after their own text without applying the others' updates (a browser would, on
  its own machine); their sockets still receive and parse every broadcast. Every 200 ms (random
  phase) a client types a letter or a space, or clears its line once it holds 60 characters, and
  sends a cursor awareness update. The sampled receivers decode every incoming update and note
  when each typed item (Yjs client id and clock) arrives; the senders note when they typed it;
  the two are joined after each 8 s window (with 2 s more for late arrivals; what never arrives
  counts as infinitely late). Server CPU comes from \`/proc/<pid>/stat\` over the window, RSS from
  \`/proc/<pid>/status\` at its end; "generator lag" is how late keystrokes fired against their
  schedule; "waited for a core" is the run-queue time of the server's main thread
  (\`/proc/<pid>/schedstat\`), the share of latency that other processes on the machine cause;
  writes and bytes written are the server's write syscalls and their bytes (\`/proc/<pid>/io\`,
  \`syscw\` and \`wchar\`: nearly all socket writes) over the window, which other load does not move.
  The run stops once p95 passes 500 ms or 1,000 clients type (\`--stop-p95=MS\`, \`--max-clients=N\`;
  \`--step=N\` changes the 50 clients added per step).
- **(c)** Clients as in (b), connected, synced and announced, then idle (the awareness renewal every
  15 s keeps them alive). The server runs with \`--inspect\` so the benchmark can force a full GC
  (\`HeapProfiler.collectGarbage\`) before each RSS sample; the baseline follows a warm-up round of
  five connections.`;

function row(cells: string[]): string {
  return `| ${cells.join(" | ")} |`;
}

function ms(value: number): string {
  if (!Number.isFinite(value)) return value > 0 ? "∞" : "–";
  return Math.round(value).toLocaleString("en");
}

function signed(value: number): string {
  return `${value >= 0 ? "+" : ""}${value.toFixed(1)}`;
}
