import { execFileSync } from "node:child_process";
import path from "node:path";
import { build } from "esbuild";

/** The helper every test database comes from: PGlite, or PostgreSQL under TEST_DATABASE_URL. */
export const TEST_DATABASE_MODULE = "test/test-db.ts";

/**
 * The unit test files (`src/`, `scripts/`) whose import graph reaches test/test-db.ts: the only
 * ones whose outcome depends on TEST_DATABASE_URL. esbuild follows every static and literal
 * dynamic import through the `@` and `@test` aliases, as Vite resolves them; npm packages are
 * left out, as none of them imports the test helpers.
 */
export async function databaseTestFiles(root: string): Promise<string[]> {
  const listed = execFileSync("git", ["ls-files", "--", "src/*.test.ts", "scripts/*.test.ts"], { cwd: root, encoding: "utf8" });
  const files = listed.split("\n").filter(Boolean);
  // One build of every file at once: esbuild parses each shared module once, where a build per
  // file took 40 s on a slow machine. Without code splitting, each output lists all its inputs.
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: files,
    outdir: "out",
    bundle: true,
    write: false,
    metafile: true,
    platform: "node",
    format: "esm",
    packages: "external",
    logLevel: "silent",
    alias: { "@": path.join(root, "src"), "@test": path.join(root, "test") },
  });
  const uses = Object.values(metafile.outputs).flatMap((output) =>
    output.entryPoint && Object.keys(output.inputs).includes(TEST_DATABASE_MODULE) ? [output.entryPoint] : [],
  );
  return files.filter((file) => uses.includes(file));
}
