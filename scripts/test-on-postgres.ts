import { spawnSync } from "node:child_process";
import path from "node:path";
import { databaseTestFiles } from "./database-test-files";

// `npm run test:unit:postgres`: the unit files that open a test database (test/test-db.ts), run
// again on the PostgreSQL server at TEST_DATABASE_URL. The other files never read it, so a second
// run would repeat them to the byte: CI's PostgreSQL pass took minutes on differential tests
// (conversions, the XSS corpus) that touch no database.
if (!process.env.TEST_DATABASE_URL) {
  console.error("Set TEST_DATABASE_URL to a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres");
  process.exit(2);
}

const root = path.resolve(import.meta.dirname, "..");
const files = await databaseTestFiles(root);
console.log(`[postgres] ${files.length} test files open a database; running them on ${new URL(process.env.TEST_DATABASE_URL).host}`);
const result = spawnSync("npx", ["vitest", "run", "--project", "unit", ...files, ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
process.exit(result.status ?? 1);
