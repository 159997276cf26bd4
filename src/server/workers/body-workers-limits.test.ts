import { afterAll, describe, expect, it } from "vitest";
import { BodyWorkers } from "./body-workers";

// The memory settings (docs/configuration.md "Memory"): a heap-limited worker that is retired
// after 50 ms of idleness still does its work, and the next job starts a new one.
const workers = new BodyWorkers(1, 50, 256);
afterAll(() => workers.close());

describe("BodyWorkers with BODY_WORKER_IDLE_SECONDS and BODY_WORKER_MAX_HEAP_MB", () => {
  it("builds and renders a 2,000-paragraph body under a 256 MB heap, and again once the idle worker is gone", async () => {
    const text = Array.from({ length: 2_000 }, (_, index) => `Paragraph ${index} of a long document.\n`).join("");
    const first = await workers.build({ ops: [{ insert: text }] });
    expect(first.html).toContain("Paragraph 1999");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const second = await workers.derive(first.ydoc);
    expect(second.html).toBe(first.html);
  }, 120_000);
});
