import { afterEach, describe, expect, it } from "vitest";
import { isUnreadableFileError } from "@/server/formats/import/unreadable-file-error";
import { FAKE_BODY_WORKER_ENTRY, answerText, fakeConvert, fakeDerive } from "@test/fake-body-worker";
import { BodyWorkers } from "./body-workers";

let pool: BodyWorkers | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe("BodyWorkers when a worker dies", () => {
  it("fails only the job that killed the worker: the jobs queued behind it run on a fresh one", async () => {
    // One worker, as on a 2-core machine: the innocent jobs were sent to the same thread and failed with it.
    pool = new BodyWorkers(1, 30_000, undefined, { entry: FAKE_BODY_WORKER_ENTRY });
    const crash = fakeConvert(pool, "crash");
    const innocent = [fakeConvert(pool, "first"), fakeConvert(pool, "second"), pool.derive(new Uint8Array([1]))];
    await expect(crash).rejects.toThrow(/exited with code 3/);
    const results = await Promise.all(innocent);
    expect(results.map((result) => answerText(result))).toEqual(["first\n", "second\n", "derive\n"]);
  });

  it("leaves a job running on another worker alone, and keeps working afterwards", async () => {
    pool = new BodyWorkers(2, 30_000, undefined, { entry: FAKE_BODY_WORKER_ENTRY });
    const slow = fakeConvert(pool, "slow");
    const crash = fakeConvert(pool, "crash");
    await expect(crash).rejects.toThrow(/exited with code 3/);
    expect(answerText(await slow)).toBe("slow\n");
    expect(answerText(await fakeConvert(pool, "after"))).toBe("after\n");
  });

  it("answers a conversion that ran its worker out of memory as a file past the limits, and runs the next job", async () => {
    pool = new BodyWorkers(1, 30_000, 32, { entry: FAKE_BODY_WORKER_ENTRY });
    const oom = fakeConvert(pool, "oom");
    const next = fakeConvert(pool, "next");
    const error = await oom.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(isUnreadableFileError(error)).toBe(true);
    expect(error).toMatchObject({ overLimit: true, message: "It could not be imported: converting it needed more memory than a conversion may use." });
    expect(answerText(await next)).toBe("next\n");
  });

  it("fails a job its worker could not be sent (a value structured clone refuses), and leaves no job behind", async () => {
    pool = new BodyWorkers(1, 50, undefined, { entry: FAKE_BODY_WORKER_ENTRY });
    // A function can't be cloned, and structured clone recurses into nested values until the stack
    // runs out: postMessage throws (DataCloneError, RangeError) before anything is sent.
    await expect(pool.build({ ops: [{ insert: () => "x" }] })).rejects.toThrow(/could not be cloned/);
    let deep: Record<string, unknown> = {};
    for (let level = 0; level < 200_000; level++) deep = { a: deep };
    await expect(pool.build({ ops: [{ insert: "x", attributes: deep }] })).rejects.toThrow(RangeError);
    expect(answerText(await fakeConvert(pool, "still fine"))).toBe("still fine\n");
    // Nothing is left registered on the worker: it goes idle and is retired after 50 ms.
    await expect.poll(() => pool?.liveWorkers()).toBe(0);
  });

  it("stops a conversion past its deadline: it fails as a file past the limits, the jobs behind it run on a fresh worker", async () => {
    pool = new BodyWorkers(1, 30_000, undefined, { entry: FAKE_BODY_WORKER_ENTRY, convertTimeoutMs: 500 });
    const stuck = fakeConvert(pool, "forever");
    const behind = [fakeConvert(pool, "behind"), pool.derive(new Uint8Array([1]))];
    const error = await stuck.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(isUnreadableFileError(error)).toBe(true);
    expect(error).toMatchObject({ overLimit: true, message: "It could not be imported: converting it took longer than the 0.5 s a conversion may take." });
    expect((await Promise.all(behind)).map((result) => answerText(result))).toEqual(["behind\n", "derive\n"]);
  });

  it("stops a store's derive past its deadline and runs it again with text-only HTML; the jobs behind it run on a fresh worker", async () => {
    // One worker, as on a 2-core machine: a derive had no deadline, and one that took minutes held
    // every save and import queued behind it. The deadline counts a fresh worker's start too, which
    // a busy machine can make last a second or more: the innocent jobs get room for it.
    pool = new BodyWorkers(1, 30_000, undefined, { entry: FAKE_BODY_WORKER_ENTRY, jobTimeoutMs: 5_000 });
    const stuck = fakeDerive(pool, "forever");
    const behind = [fakeConvert(pool, "behind"), pool.derive(new Uint8Array([1]))];
    expect(answerText(await stuck)).toBe("derive as text\n");
    expect((await Promise.all(behind)).map((result) => answerText(result))).toEqual(["behind\n", "derive\n"]);
  });

  it("builds a new document's body past its deadline again with text-only HTML, and keeps working", async () => {
    pool = new BodyWorkers(1, 30_000, undefined, { entry: FAKE_BODY_WORKER_ENTRY, jobTimeoutMs: 5_000 });
    expect(answerText(await pool.build({ command: "forever" }))).toBe("build as text\n");
    expect(answerText(await pool.build({ command: "quick" }))).toBe("build\n");
  });
});
