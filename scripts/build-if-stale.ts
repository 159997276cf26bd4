import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// `npm start` builds when there is no production build, or when sources changed after it:
// Next's build, then the compiled server (scripts/build-server.ts), which is written last.
const root = process.cwd();
const builtMarker = path.join(root, ".next", "quire", "server.mjs");
const inputs = ["src", "public", "server.ts", "next.config.ts", "postcss.config.mjs", "package-lock.json", "tsconfig.json"];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = fs.existsSync(builtMarker) ? fs.statSync(builtMarker).mtimeMs : 0;
const changedAt = Math.max(...inputs.map((input) => newestMtime(path.join(root, input))));
if (builtAt > changedAt) process.exit(0);

console.log(builtAt === 0 ? "[build] no production build yet: building (about a minute)…" : "[build] sources changed since the last build: rebuilding…");
const result = spawnSync("npm", ["run", "build", "--silent"], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
});
process.exit(result.status ?? 1);
