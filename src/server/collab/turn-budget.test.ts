import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { TurnBudget } from "./turn-budget";

/** Keeps this thread busy for `ms`, as checking and applying a large update does. */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // spinning: nothing else runs meanwhile
  }
}

describe("TurnBudget", () => {
  it("has an update that follows a long run of them rest as long, while other work runs", async () => {
    const budget = new TurnBudget(50);
    const order: string[] = [];
    setTimeout(() => order.push("a request's next step"), 5); // due while the run goes on
    await budget.take();
    busy(80); // one large update
    order.push("first applied");
    await budget.take();
    order.push("second applied");
    expect(order).toEqual(["first applied", "a request's next step", "second applied"]);
  });

  it("has the update after a long one rest even when it comes in a later turn, from another socket", async () => {
    const budget = new TurnBudget(50);
    const order: string[] = [];
    await budget.take();
    busy(80); // one large update, alone in its turn
    await nextTurn();
    setTimeout(() => order.push("a request's next step"), 5);
    await budget.take(); // another socket's update, in the next turn
    order.push("next update applied");
    expect(order).toEqual(["a request's next step", "next update applied"]);
  });

  it("wakes updates that waited together one at a time, resting again after each long one", async () => {
    const budget = new TurnBudget(50);
    const order: string[] = [];
    await budget.take();
    busy(80);
    // Two sockets' updates; which wakes first is the timers' affair.
    const waiting = [1, 2].map(async () => {
      await budget.take();
      order.push("an update applied");
      // A request's step comes due while the first woken update is applied: it goes before the second.
      // (Scheduled from here, not at a fixed time, so a machine that pauses this process can't reorder them.)
      if (order.length === 1) setTimeout(() => order.push("a request's next step"), 0);
      busy(80);
    });
    await Promise.all(waiting);
    expect(order).toEqual(["an update applied", "a request's next step", "an update applied"]);
  });

  it("never holds typing back: short updates go at once, without the event loop turning", async () => {
    // A generous budget, so that a loaded machine pausing this process cannot end a run.
    const budget = new TurnBudget(1_000);
    for (let turn = 0; turn < 5; turn += 1) {
      let hasTurned = false;
      setImmediate(() => (hasTurned = true));
      for (let key = 0; key < 20; key += 1) {
        await budget.take();
        busy(0.1); // a keystroke's check and apply
      }
      expect(hasTurned).toBe(false);
      await nextTurn(); // the event loop turns: the next run starts afresh
    }
  });
});
