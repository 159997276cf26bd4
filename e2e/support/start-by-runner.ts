import type { RunnerTestCase as Test, RunnerTestSuite as Suite } from "vitest";
import { TestRunner } from "vitest";

/**
 * The time (Unix ms) after which no further e2e file starts: its tests are reported skipped.
 * Unset, every file runs. CI sets it (.ci/run): its runs stop at 90 minutes, and on its slowest
 * machines the whole browser suite takes longer than that on its own, so the files that did not
 * start in time give way instead of ending the run unfinished with nothing reported.
 */
export const E2E_START_BY_ENV = "QUIRE_E2E_START_BY";

/**
 * How long after QUIRE_E2E_START_BY a test of a file already started may still start. A file
 * started just in time finishes a few tests; one with many (axe.e2e.ts has one per screen and
 * width) doesn't hold the run past CI's limit.
 */
export const TESTS_START_BY_GRACE_MS = 6 * 60_000;

/** Vitest's runner, skipping each e2e file, then each test, that would start past its time. */
export default class StartByRunner extends TestRunner {
  override async onBeforeRunSuite(suite: Suite): Promise<void> {
    const startBy = filesStartBy();
    // A file is the suite whose file is itself; its hooks (a server, a browser) don't run once skipped.
    if (suite.file === suite && Date.now() > startBy && suite.mode === "run") {
      skipAll(suite);
      console.log(`[e2e] ${suite.file.name} skipped: started after ${E2E_START_BY_ENV} (${new Date(startBy).toISOString()})`);
    }
    await super.onBeforeRunSuite(suite);
  }

  override async onBeforeRunTask(test: Test): Promise<void> {
    const startBy = filesStartBy() + TESTS_START_BY_GRACE_MS;
    // Vitest reads the mode after this hook: a test set to skip here is reported skipped.
    if (Date.now() > startBy && (test.mode === "run" || test.mode === "queued")) {
      test.mode = "skip";
      console.log(`[e2e] ${test.file.name} > ${test.name} skipped: past ${E2E_START_BY_ENV} and ${TESTS_START_BY_GRACE_MS / 60_000} minutes more`);
    }
    await super.onBeforeRunTask(test);
  }

  /** A retried test (CI retries once) says first why its last attempt failed: the race to fix. */
  override onBeforeTryTask(test: Test, options?: { retry: number }): void {
    if (options && options.retry > 0) {
      const error = test.result?.errors?.[0];
      console.log(`[e2e] ${test.file.name} > ${test.name}: attempt ${options.retry} failed, running it again. ${error?.name ?? "Error"}: ${error?.message ?? "(no message)"}`);
    }
    super.onBeforeTryTask(test);
  }
}

/** QUIRE_E2E_START_BY as a time, or never when unset. */
function filesStartBy(): number {
  return Number(process.env[E2E_START_BY_ENV] ?? Number.POSITIVE_INFINITY);
}

function skipAll(suite: Suite): void {
  suite.mode = "skip";
  for (const task of suite.tasks) {
    if (task.type === "suite") skipAll(task);
    else task.mode = "skip";
  }
}
