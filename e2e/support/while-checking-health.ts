import { expect } from "vitest";

/**
 * Runs `work` while `${appUrl}/api/health` is asked in a loop, each answer expected to be 200:
 * how a test shows that one hostile request did not freeze the server for everyone else.
 * The timings are for printing, never for asserting (a loaded CI machine is no clock).
 * @returns `work`'s result, the slowest health answer and how long `work` took, in ms
 */
export async function whileCheckingHealth<T>(appUrl: string, work: () => Promise<T>): Promise<{ result: T; slowestHealthMs: number; elapsedMs: number }> {
  let running = true;
  let slowestHealthMs = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${appUrl}/api/health`);
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      slowestHealthMs = Math.max(slowestHealthMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  try {
    const result = await work();
    return { result, slowestHealthMs, elapsedMs: performance.now() - started };
  } finally {
    running = false;
    await loop;
  }
}
