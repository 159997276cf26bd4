import { afterEach, describe, expect, it } from "vitest";
import { isUnreadableFileError } from "@/server/formats/import/unreadable-file-error";
import { BodyWorkers } from "./body-workers";

// A stand-in for the body worker's thread that speaks its protocol (body-worker.ts): a convert job
// answers its text as a one-line delta, unless the text asks it to die ("crash": the thread exits;
// "oom": it allocates until V8 stops it at its heap limit) or to take a while ("slow") or forever.
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
const FAKE_ENTRY = new URL(`data:text/javascript,${encodeURIComponent(FAKE_WORKER)}`);

const convert = (workers: BodyWorkers, text: string) => workers.convert({ kind: "markdown", bytes: new TextEncoder().encode(text) });
const textOf = (delta: { ops: Array<{ insert: unknown }> }) => delta.ops.map((op) => op.insert).join("");

let pool: BodyWorkers | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe("BodyWorkers when a worker dies", () => {
  it("fails only the job that killed the worker: the jobs queued behind it run on a fresh one", async () => {
    // One worker, as on a 2-core machine: the innocent jobs were sent to the same thread and failed with it.
    pool = new BodyWorkers(1, 30_000, undefined, { entry: FAKE_ENTRY });
    const crash = convert(pool, "crash");
    const innocent = [convert(pool, "first"), convert(pool, "second"), pool.derive(new Uint8Array([1]))];
    await expect(crash).rejects.toThrow(/exited with code 3/);
    const results = await Promise.all(innocent);
    expect(results.map((result) => textOf(result as { ops: Array<{ insert: unknown }> }))).toEqual(["first\n", "second\n", "derive\n"]);
  });

  it("leaves a job running on another worker alone, and keeps working afterwards", async () => {
    pool = new BodyWorkers(2, 30_000, undefined, { entry: FAKE_ENTRY });
    const slow = convert(pool, "slow");
    const crash = convert(pool, "crash");
    await expect(crash).rejects.toThrow(/exited with code 3/);
    expect(textOf(await slow)).toBe("slow\n");
    expect(textOf(await convert(pool, "after"))).toBe("after\n");
  });

  it("answers a conversion that ran its worker out of memory as a file past the limits, and runs the next job", async () => {
    pool = new BodyWorkers(1, 30_000, 32, { entry: FAKE_ENTRY });
    const oom = convert(pool, "oom");
    const next = convert(pool, "next");
    const error = await oom.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(isUnreadableFileError(error)).toBe(true);
    expect(error).toMatchObject({ overLimit: true, message: "It could not be imported: converting it needed more memory than a conversion may use." });
    expect(textOf(await next)).toBe("next\n");
  });

  it("fails a job its worker could not be sent (a value structured clone refuses), and leaves no job behind", async () => {
    pool = new BodyWorkers(1, 50, undefined, { entry: FAKE_ENTRY });
    // A function can't be cloned, and structured clone recurses into nested values until the stack
    // runs out: postMessage throws (DataCloneError, RangeError) before anything is sent.
    await expect(pool.build({ ops: [{ insert: () => "x" }] })).rejects.toThrow(/could not be cloned/);
    let deep: Record<string, unknown> = {};
    for (let level = 0; level < 200_000; level++) deep = { a: deep };
    await expect(pool.build({ ops: [{ insert: "x", attributes: deep }] })).rejects.toThrow(RangeError);
    expect(textOf(await convert(pool, "still fine"))).toBe("still fine\n");
    // Nothing is left registered on the worker: it goes idle and is retired after 50 ms.
    await expect.poll(() => pool?.liveWorkers()).toBe(0);
  });

  it("stops a conversion past its deadline: it fails as a file past the limits, the jobs behind it run on a fresh worker", async () => {
    pool = new BodyWorkers(1, 30_000, undefined, { entry: FAKE_ENTRY, convertTimeoutMs: 500 });
    const stuck = convert(pool, "forever");
    const behind = [convert(pool, "behind"), pool.derive(new Uint8Array([1]))];
    const error = await stuck.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(isUnreadableFileError(error)).toBe(true);
    expect(error).toMatchObject({ overLimit: true, message: "It could not be imported: converting it took longer than the 0.5 s a conversion may take." });
    expect((await Promise.all(behind)).map((result) => textOf(result as { ops: Array<{ insert: unknown }> }))).toEqual(["behind\n", "derive\n"]);
  });
});
