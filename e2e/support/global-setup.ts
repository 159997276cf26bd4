import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CHROMIUM_MISSING, CHROMIUM_PATH } from "./browser";
import { createDatabaseTemplate } from "./database-template";
import { E2E_SHARED_DIR_ENV, stopSharedServersIn } from "./shared-app";
import { E2E_DB_TEMPLATE_ENV } from "./start-app";

// Fail the whole run at once, with the fix, rather than skipping browser tests silently.
export default async function setup() {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(CHROMIUM_MISSING);
  const buildId = path.resolve(import.meta.dirname, "../../.next/BUILD_ID");
  if (!fs.existsSync(buildId)) {
    throw new Error("No production build. Run `npm run test:e2e` (it builds first) or `npm run build`.");
  }
  // One migrated embedded database that startApp copies into each new data directory (the test
  // workers inherit this process's environment): the migrations ran once, by the server's own code.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-e2e-template-"));
  process.env[E2E_DB_TEMPLATE_ENV] = await createDatabaseTemplate(dir);
  // The workers' shared servers (shared-app.ts) keep their data here; any a worker left running
  // is stopped at the end.
  const shared = path.join(dir, "shared");
  process.env[E2E_SHARED_DIR_ENV] = shared;
  return async () => {
    await stopSharedServersIn(shared);
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
