import { afterEach, describe, expect, it } from "vitest";
import { FAKE_BODY_WORKER_ENTRY, answerText, fakeConvert } from "@test/fake-body-worker";
import { BodyWorkers } from "./body-workers";

let pool: BodyWorkers | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

/** Resolves with the order in which `jobs` settle, by their names. */
function settleOrder(jobs: Record<string, Promise<unknown>>): Promise<string[]> {
  const order: string[] = [];
  return Promise.all(Object.entries(jobs).map(([name, job]) => job.finally(() => order.push(name)))).then(() => order);
}

describe("BodyWorkers' queue", () => {
  it("stores while a conversion holds the only worker: one more worker starts for them", async () => {
    // One worker, as on a 2-core machine: the store waited the whole conversion (up to 60 s).
    pool = new BodyWorkers(1, 30_000, undefined, { entry: FAKE_BODY_WORKER_ENTRY, convertTimeoutMs: 2_000 });
    const stuck = fakeConvert(pool, "forever").catch(() => "stopped");
    const store = pool.derive(new Uint8Array([1]));
    const build = pool.build({ ops: [{ insert: "x\n" }] });
    expect(answerText(await store)).toBe("derive\n");
    expect(answerText(await build)).toBe("build\n");
    expect(pool.liveWorkers()).toBe(2);
    expect(await stuck).toBe("stopped");
  });

  it("never runs more conversions at once than its size: the next waits, while a store goes past it", async () => {
    pool = new BodyWorkers(1, 30_000, undefined, { entry: FAKE_BODY_WORKER_ENTRY });
    const order = await settleOrder({
      slow: fakeConvert(pool, "slow"),
      "second slow": fakeConvert(pool, "slow"),
      store: pool.derive(new Uint8Array([1])),
    });
    expect(order).toEqual(["store", "slow", "second slow"]);
    expect(pool.liveWorkers()).toBe(2);
  });

  it("starts no extra worker while a worker is free or conversions leave room", async () => {
    pool = new BodyWorkers(2, 30_000, undefined, { entry: FAKE_BODY_WORKER_ENTRY });
    await Promise.all([fakeConvert(pool, "slow"), pool.derive(new Uint8Array([1])), pool.derive(new Uint8Array([2])), pool.build({ ops: [] })]);
    expect(pool.liveWorkers()).toBe(2);
  });
});
