import fs from "node:fs";
import path from "node:path";
import { CHROMIUM_MISSING, CHROMIUM_PATH } from "./browser";

// Fail the whole run at once, with the fix, rather than skipping browser tests silently.
export default function setup() {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(CHROMIUM_MISSING);
  const buildId = path.resolve(import.meta.dirname, "../../.next/BUILD_ID");
  if (!fs.existsSync(buildId)) {
    throw new Error("No production build. Run `npm run test:e2e` (it builds first) or `npm run build`.");
  }
}
