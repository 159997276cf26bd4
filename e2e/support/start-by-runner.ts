import type { RunnerTestSuite as Suite } from "vitest";
import { TestRunner } from "vitest";

/**
 * The time (Unix ms) after which no further e2e file starts: its tests are reported skipped.
 * Unset, every file runs. CI sets it (.ci/run): its runs stop at 90 minutes, and on its slowest
 * machines the whole browser suite takes longer than that on its own, so the files that did not
 * start in time give way instead of ending the run unfinished with nothing reported.
 */
export const E2E_START_BY_ENV = "QUIRE_E2E_START_BY";

/** Vitest's runner, skipping each e2e file that would start after QUIRE_E2E_START_BY. */
export default class StartByRunner extends TestRunner {
  override async onBeforeRunSuite(suite: Suite): Promise<void> {
    const startBy = Number(process.env[E2E_START_BY_ENV] ?? Number.POSITIVE_INFINITY);
    // A file is the suite whose file is itself; its hooks (a server, a browser) don't run once skipped.
    if (suite.file === suite && Date.now() > startBy && suite.mode === "run") {
      skipAll(suite);
      console.log(`[e2e] ${suite.file.name} skipped: started after ${E2E_START_BY_ENV} (${new Date(startBy).toISOString()})`);
    }
    await super.onBeforeRunSuite(suite);
  }
}

function skipAll(suite: Suite): void {
  suite.mode = "skip";
  for (const task of suite.tasks) {
    if (task.type === "suite") skipAll(task);
    else task.mode = "skip";
  }
}
