import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// `npm start` builds when there is no production build, or when sources changed after it.
const root = process.cwd();
const buildId = path.join(root, ".next", "BUILD_ID");
const inputs = ["src", "public", "next.config.ts", "postcss.config.mjs", "package-lock.json", "tsconfig.json"];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
const changedAt = Math.max(...inputs.map((input) => newestMtime(path.join(root, input))));
if (builtAt > changedAt) process.exit(0);

console.log(builtAt === 0 ? "[build] no production build yet: building (about a minute)…" : "[build] sources changed since the last build: rebuilding…");
const result = spawnSync("npx", ["next", "build"], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
});
process.exit(result.status ?? 1);
