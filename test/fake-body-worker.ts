import type { BodyWorkers } from "@/server/workers/body-workers";

// A stand-in for the body worker's thread that speaks its protocol (body-worker.ts): a job answers
// its text as a one-line delta (a convert job's file text, or the job's kind, "as text" when it
// asks for text-only HTML), unless its command asks it to die ("crash": the thread exits; "oom":
// it allocates until V8 stops it at its heap limit) or to take a while ("slow": 300 ms;
// "forever"). The command is a convert job's file text, a derive job's state read as text, or a
// build job's `delta.command`; a text-only derive or build obeys none (its HTML takes no time).
const FAKE_WORKER = `
import { parentPort } from "node:worker_threads";
parentPort.on("message", ({ id, job }) => {
  const decode = (bytes) => new TextDecoder().decode(bytes);
  const textOnly = job.options?.textOnlyHtml === true;
  const command = textOnly ? "" : job.kind === "convert" ? decode(job.file.bytes) : job.kind === "derive" ? decode(job.state) : String(job.delta?.command);
  const text = job.kind === "convert" ? command : job.kind + (textOnly ? " as text" : "");
  if (command === "crash") process.exit(3);
  if (command === "oom") { const hog = []; for (;;) hog.push(new Array(1e5).fill(Math.random())); }
  if (command === "slow") { const end = Date.now() + 300; while (Date.now() < end); }
  if (command === "forever") for (;;);
  parentPort.postMessage({ id, result: { ops: [{ insert: text + "\\n" }] } });
});
`;

/** The stand-in's entry, for BodyWorkersOptions.entry. */
export const FAKE_BODY_WORKER_ENTRY = new URL(`data:text/javascript,${encodeURIComponent(FAKE_WORKER)}`);

/** A convert job whose file is `text` (one of the stand-in's commands, or any text to echo). */
export const fakeConvert = (workers: BodyWorkers, text: string) => workers.convert({ kind: "markdown", bytes: new TextEncoder().encode(text) });

/** A derive job whose state is `command` (one of the stand-in's commands) read as text. */
export const fakeDerive = (workers: BodyWorkers, command: string) => workers.derive(new TextEncoder().encode(command));

/** The text of a stand-in's answer. */
export const answerText = (delta: unknown) => (delta as { ops: Array<{ insert: unknown }> }).ops.map((op) => op.insert).join("");
