import { connectCollab } from "@test/collab-client";
import { BODY_YTEXT } from "@/shared/editor-rules";
import { soakMarker } from "../soak-tally";
import type { TypedLine } from "../soak-tally";
import { RawCollabClient } from "./raw-client";

// A load-generator process, forked by the collab benchmark and driven over IPC (one request,
// one reply, each with the request's `id`). It holds lightweight clients for (b) and (c) and
// full @hocuspocus/provider clients for the watchers of (a), so none of their work lands on
// the benchmark's own event loop or the server's.

export type GeneratorRequest =
  | { id: number; kind: "connect"; port: number; headers: Record<string, string>; documentIds: string[]; count: number; observers: number; announce: boolean; ownLine: boolean; markLines?: boolean }
  | { id: number; kind: "typing"; charsPerSecond: number; maxLine: number; withCursor: boolean }
  | { id: number; kind: "window-start" }
  | { id: number; kind: "window-stop" }
  | { id: number; kind: "collect" }
  | { id: number; kind: "stop-typing" }
  | { id: number; kind: "soak-tally" }
  | { id: number; kind: "close-all" }
  | { id: number; kind: "watch"; port: number; headers: Record<string, string>; documentId: string; count: number; endContent: string };

/** What the soak asks of each generator once typing stopped: its clients' health and lines. */
export interface SoakTally {
  clients: number;
  /** Messages the server answers with a SyncStatus, the answers, and the refusals among them. */
  sent: number;
  acked: number;
  refused: number;
  errors: string[];
  unexpectedCloses: string[];
  lines: TypedLine[];
}

export interface WindowRecords {
  /** (client, clock, ms) per inserted character typed in the window. */
  sends: Float64Array;
  /** (observer, client, clock, length, ms) per item an observer received. */
  arrivals: Float64Array;
  /** How late each keystroke fired against its schedule, ms. */
  lags: Float64Array;
  /** CPU ms (user + system) this process used in the window. */
  cpuMs: number;
  clients: number;
  /** (observer, Yjs client id) of this process's observers. */
  observers: Float64Array;
}

const clients: RawCollabClient[] = [];
const observers: number[] = [];
const typists = new Map<RawCollabClient, { due: number }>();
const watchers: Array<ReturnType<typeof connectCollab>> = [];
let typing: { intervalMs: number; maxLine: number; withCursor: boolean } | null = null;
let ticker: NodeJS.Timeout | null = null;
let isRecording = false;
// Arrivals are kept from the window's start until collected, so late ones still count.
let isObserving = false;
let sends: number[] = [];
let arrivals: number[] = [];
let lags: number[] = [];
let cpuAtStart = process.cpuUsage();
const LETTERS = "abcdefghijklmnopqrstuvwxyz ";

process.on("message", (request: GeneratorRequest) => {
  handle(request).then(
    (result) => process.send?.({ id: request.id, result }),
    (error: unknown) => process.send?.({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
process.on("disconnect", () => process.exit(0));

async function handle(request: GeneratorRequest): Promise<unknown> {
  switch (request.kind) {
    case "connect":
      return connect(request);
    case "typing":
      typing = { intervalMs: 1000 / request.charsPerSecond, maxLine: request.maxLine, withCursor: request.withCursor };
      for (const client of clients) if (!typists.has(client)) typists.set(client, { due: performance.now() + Math.random() * typing.intervalMs });
      ticker ??= setInterval(tick, 5);
      return typists.size;
    case "stop-typing":
      if (ticker) clearInterval(ticker);
      ticker = null;
      typing = null;
      return typists.size;
    case "soak-tally":
      return soakTally();
    case "window-start":
      sends = [];
      arrivals = [];
      lags = [];
      cpuAtStart = process.cpuUsage();
      isRecording = true;
      isObserving = true;
      return null;
    case "window-stop":
      isRecording = false;
      return null;
    case "collect":
      return collect();
    case "close-all":
      return closeAll();
    case "watch":
      return watch(request);
  }
}

// Observer numbers are unique across generators: each process counts from its pid's own range.
const observerBase = (process.pid % 4096) * 4096;

async function connect(request: Extract<GeneratorRequest, { kind: "connect" }>): Promise<{ ms: number; failures: string[] }> {
  const started = performance.now();
  const batch: RawCollabClient[] = [];
  for (let i = 0; i < request.count; i++) {
    const observerIndex = i < request.observers ? observerBase + clients.length + i : -1;
    batch.push(
      new RawCollabClient({
        port: request.port,
        documentId: request.documentIds[(clients.length + i) % request.documentIds.length] ?? "",
        headers: request.headers,
        observerIndex,
        onArrival: (client, clock, length, at) => {
          if (isObserving) arrivals.push(observerIndex, client, clock, length, at);
        },
      }),
    );
  }
  const results = await Promise.allSettled(batch.map((client) => client.ready));
  const failures = results.flatMap((r) => (r.status === "rejected" ? [String(r.reason)] : []));
  for (const client of batch) {
    if (!client.isSynced) continue;
    if (request.announce) client.announce(`Bench ${clients.length + 1}`);
    if (request.ownLine) client.startOwnLine(request.markLines ? soakMarker(process.pid, clients.length) : "");
    if (client.isObserver) observers.push(client.observerIndex, client.doc.clientID);
    clients.push(client);
  }
  return { ms: performance.now() - started, failures };
}

// Fires every keystroke whose time has come; each client types every `intervalMs`.
function tick(): void {
  if (!typing) return;
  const now = performance.now();
  for (const [client, schedule] of typists) {
    if (schedule.due > now) continue;
    const char = LETTERS[Math.floor(Math.random() * LETTERS.length)] ?? "a";
    const sentAt = performance.timeOrigin + performance.now();
    const inserted = client.keystroke(char, typing.maxLine, typing.withCursor);
    if (isRecording) {
      lags.push(now - schedule.due);
      if (inserted) sends.push(inserted.client, inserted.clock, sentAt);
    }
    schedule.due += typing.intervalMs;
    // A generator that fell far behind skips ahead instead of bursting (and says so in lags).
    if (schedule.due < now - 1000) schedule.due = now + Math.random() * typing.intervalMs;
  }
}

function collect(): WindowRecords {
  const cpu = process.cpuUsage(cpuAtStart);
  const records = {
    sends: Float64Array.from(sends),
    arrivals: Float64Array.from(arrivals),
    lags: Float64Array.from(lags),
    cpuMs: (cpu.user + cpu.system) / 1000,
    clients: clients.length,
    observers: Float64Array.from(observers),
  };
  sends = [];
  arrivals = [];
  lags = [];
  isObserving = false;
  return records;
}

function soakTally(): SoakTally {
  const tally: SoakTally = { clients: clients.length, sent: 0, acked: 0, refused: 0, errors: [], unexpectedCloses: [], lines: [] };
  clients.forEach((client, index) => {
    tally.sent += client.updatesSent;
    tally.acked += client.updatesAcked;
    tally.refused += client.updatesRefused;
    tally.errors.push(...client.errors);
    if (client.unexpectedClose) tally.unexpectedCloses.push(client.unexpectedClose);
    tally.lines.push({ marker: soakMarker(process.pid, index), typed: client.ownText() });
  });
  return tally;
}

async function closeAll(): Promise<number> {
  if (ticker) clearInterval(ticker);
  ticker = null;
  typing = null;
  typists.clear();
  const count = clients.length + watchers.length;
  await Promise.all(clients.map((client) => client.close()));
  clients.length = 0;
  for (const watcher of watchers) watcher.close();
  watchers.length = 0;
  return count;
}

// (a): full provider clients that report when their text equals the trace's end.
async function watch(request: Extract<GeneratorRequest, { kind: "watch" }>): Promise<{ doneAt: number[] }> {
  const done: Array<Promise<number>> = [];
  for (let i = 0; i < request.count; i++) {
    const watcher = connectCollab(request.port, request.documentId, request.headers);
    watchers.push(watcher);
    const text = watcher.doc.getText(BODY_YTEXT);
    done.push(
      new Promise((resolve) => {
        const check = () => {
          if (text.length !== request.endContent.length || text.toString() !== request.endContent) return;
          watcher.doc.off("update", check);
          resolve(performance.timeOrigin + performance.now());
        };
        watcher.doc.on("update", check);
      }),
    );
  }
  await waitFor(() => watchers.every((w) => w.events.includes("synced")), 30_000, "watchers to sync");
  process.send?.({ id: -1, event: "watchers-synced" });
  return { doneAt: await Promise.all(done) };
}

async function waitFor(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
