import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname, "src"),
  // Shared test helpers (factories, databases, fixtures), for src/ and e2e/ alike.
  "@test": path.resolve(import.meta.dirname, "test"),
  // `server-only` throws outside React's react-server condition (docs/architecture.md "Conventions").
  "server-only": path.resolve(import.meta.dirname, "test/server-only-stub.ts"),
};

export default defineConfig({
  test: {
    reporters: ["default", "./e2e/support/retried-tests-reporter.ts"],
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/global-setup.ts"],
          setupFiles: ["test/fresh-process-state.ts", "test/setup-live-documents.ts"],
          // One process per worker for every file (test/fresh-process-state.ts resets what a file
          // leaves behind): a new process per file spent a third of CI's unit time importing.
          isolate: false,
          // Guards against a hang, not speed checks (those are benchmarks): CI's machine has run a
          // two-PGlite beforeAll past 60 s and a harness start past 20 s. Polls wait as long.
          testTimeout: 60_000,
          hookTimeout: 180_000,
          expect: { poll: { timeout: 30_000 } },
          // Vitest's default is one worker fewer than the cores: on CI's 2 cores the files ran one
          // at a time while most of their time is PGlite (WebAssembly, one thread per worker).
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.ts"],
          environment: "node",
          globalSetup: ["e2e/support/global-setup.ts"],
          // Skips the files that would start after QUIRE_E2E_START_BY, which CI sets (.ci/run).
          runner: "e2e/support/start-by-runner.ts",
          // A guard against a hung test, not a speed check: every step has its own limit (the polls
          // below, playwright's actions), and CI's slow machine ran whole tests past 180 s and a
          // server's start (startApp allows 4 min) past 2 min.
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // Pages talk to a real server on a shared 2-core machine: give UI changes time. A poll that
          // proves a speed says so with its own timeout; the others only guard against a hang.
          expect: { poll: { timeout: 30_000, interval: 250 } },
          // On CI a failed test runs once more: its shared 2-core machine has made single waits of
          // a passing test miss (a button still disabled by a refresh, a notice past 60 s). A test
          // that fails twice fails the run; one that passed only on its retry is listed at the end
          // (e2e/support/retried-tests-reporter.ts) with its first error, to be fixed, not ignored.
          retry: process.env.CI ? 1 : 0,
          // Two workers, each with a server and a browser its files share (e2e/support/shared-app.ts):
          // one process per worker for every file, so those outlive a file.
          maxWorkers: 2,
          fileParallelism: true,
          isolate: false,
          setupFiles: ["test/fresh-process-state.ts"],
        },
      },
    ],
  },
});
