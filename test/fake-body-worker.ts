import type { BodyWorkers } from "@/server/workers/body-workers";

// A stand-in for the body worker's thread that speaks its protocol (body-worker.ts): a job answers
// its text as a one-line delta (a convert job's file text, or the job's kind), unless the text asks
// it to die ("crash": the thread exits; "oom": it allocates until V8 stops it at its heap limit) or
// to take a while ("slow": 300 ms; "forever").
const FAKE_WORKER = `
import { parentPort } from "node:worker_threads";
parentPort.on("message", ({ id, job }) => {
  const text = job.kind === "convert" ? new TextDecoder().decode(job.file.bytes) : String(job.kind);
  if (text === "crash") process.exit(3);
  if (text === "oom") { const hog = []; for (;;) hog.push(new Array(1e5).fill(Math.random())); }
  if (text === "slow") { const end = Date.now() + 300; while (Date.now() < end); }
  if (text === "forever") for (;;);
  parentPort.postMessage({ id, result: { ops: [{ insert: text + "\\n" }] } });
});
`;

/** The stand-in's entry, for BodyWorkersOptions.entry. */
export const FAKE_BODY_WORKER_ENTRY = new URL(`data:text/javascript,${encodeURIComponent(FAKE_WORKER)}`);

/** A convert job whose file is `text` (one of the stand-in's commands, or any text to echo). */
export const fakeConvert = (workers: BodyWorkers, text: string) => workers.convert({ kind: "markdown", bytes: new TextEncoder().encode(text) });

/** The text of a stand-in's answer. */
export const answerText = (delta: unknown) => (delta as { ops: Array<{ insert: unknown }> }).ops.map((op) => op.insert).join("");
