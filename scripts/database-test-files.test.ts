import path from "node:path";
import { describe, expect, it } from "vitest";
import { databaseTestFiles } from "./database-test-files";

describe("databaseTestFiles", () => {
  it("finds the files that reach test/test-db.ts, directly or through withTestDatabase, and leaves out the rest", async () => {
    const files = await databaseTestFiles(path.resolve(import.meta.dirname, ".."));
    // createTestDatabase imported directly, and through test/test-database-hooks.ts.
    expect(files).toContain("src/server/services/search/search-documents.test.ts");
    expect(files).toContain("src/server/auth/record-sign-in.test.ts");
    // A pure function's tests, and the PostgreSQL worker tests that start their own server.
    expect(files).not.toContain("src/shared/safe-urls.test.ts");
    expect(files).not.toContain("src/server/services/webhooks/delivery-worker-postgres.test.ts");
    expect(files).not.toContain("scripts/database-test-files.test.ts");
  });
});
