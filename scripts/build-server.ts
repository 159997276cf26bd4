import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

/**
 * Compiles the custom server (server.ts and the src/server modules it reaches) and the body
 * worker's thread to plain JavaScript under .next/quire/, so production runs `node` on compiled
 * files: no TypeScript loader, no esbuild service process beside the server. Packages stay in
 * node_modules (never bundled: one copy each, shared with Next's route bundles). The worker
 * lands beside the server as body-worker-entry.mjs, where body-workers.ts looks for it
 * (`new URL("./body-worker-entry.mjs", import.meta.url)`); in development that name is the
 * src/ file that registers tsx first. The child process that creates or migrates the embedded
 * database at start-up (src/server/db/migrate-apart.ts) lands beside it the same way, as
 * migrate-child-entry.mjs. Code the entries share, and modules imported on first use, are chunks
 * under .next/quire/chunks/.
 */
export const COMPILED_SERVER_DIR = path.join(".next", "quire");

const root = process.cwd();
// Chunk names carry a hash of their content: without this, every build's chunks would pile up.
fs.rmSync(path.join(root, COMPILED_SERVER_DIR), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    server: "server.ts",
    "body-worker-entry": "src/server/workers/body-worker.ts",
    "migrate-child-entry": "src/server/db/migrate-child.ts",
  },
  outdir: COMPILED_SERVER_DIR,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  // What the server imports on first use (the in-thread body work, the mailer) lands in chunks
  // of its own, loaded then: bundled inline, its packages' imports would run at every start.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20.18",
  sourcemap: "linked",
  tsconfig: "tsconfig.json",
  logLevel: "warning",
});
// body-workers.ts and migrate-apart.ts find their entries with `new URL("./…-entry.mjs",
// import.meta.url)`: right from server.mjs, wrong from a file in chunks/, where esbuild would move
// them once two entries shared them. Fail the build rather than the first start or import.
const chunksDir = path.join(root, COMPILED_SERVER_DIR, "chunks");
for (const name of fs.existsSync(chunksDir) ? fs.readdirSync(chunksDir) : []) {
  if (name.endsWith(".mjs") && /-entry\.mjs"/.test(fs.readFileSync(path.join(chunksDir, name), "utf8"))) {
    throw new Error(`${name} locates an entry relative to itself, from chunks/: keep that module in server.mjs alone`);
  }
}
console.log(`[build] server compiled to ${COMPILED_SERVER_DIR}/server.mjs`);
