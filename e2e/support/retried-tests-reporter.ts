import type { Reporter, TestModule } from "vitest/node";

/**
 * Lists, after the run, the e2e tests that passed only on a retry (CI retries each once:
 * vitest.config.ts). A retry keeps one slow moment on CI's shared machine from failing the run,
 * but each such test names a race in the test or the app, to be found and fixed: the first
 * attempt's error is printed where it happened (e2e/support/start-by-runner.ts).
 */
export default class RetriedTestsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const retried: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const diagnostic = test.diagnostic();
        if (diagnostic && diagnostic.retryCount > 0) {
          retried.push(`  ${test.result().state === "passed" ? "passed on retry" : "failed again"}: ${module.moduleId.replace(/^.*\/e2e\//, "e2e/")} > ${test.fullName}`);
        }
      }
    }
    if (retried.length === 0) return;
    console.log(`\n[e2e] ${retried.length} test(s) failed once and were run again:\n${retried.join("\n")}\n`);
  }
}
