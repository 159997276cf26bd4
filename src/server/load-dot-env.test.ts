import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadDotEnv } from "./load-dot-env";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-dotenv-"));
afterEach(() => {
  delete process.env.QUIRE_TEST_FROM_FILE;
  delete process.env.QUIRE_TEST_FROM_BOTH;
  fs.rmSync(path.join(dir, ".env"), { force: true });
});

describe("loadDotEnv", () => {
  it("reads .env into the environment, and a variable already set wins over the file", () => {
    fs.writeFileSync(path.join(dir, ".env"), "QUIRE_TEST_FROM_FILE=from-file\nQUIRE_TEST_FROM_BOTH=from-file\n");
    process.env.QUIRE_TEST_FROM_BOTH = "from-environment";
    expect(loadDotEnv(dir)).toBe(path.join(dir, ".env"));
    expect(process.env.QUIRE_TEST_FROM_FILE).toBe("from-file");
    expect(process.env.QUIRE_TEST_FROM_BOTH).toBe("from-environment");
  });

  it("does nothing without a .env file", () => {
    expect(loadDotEnv(dir)).toBeNull();
    expect(process.env.QUIRE_TEST_FROM_FILE).toBeUndefined();
  });
});
