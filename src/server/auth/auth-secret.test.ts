import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveAuthSecret } from "./auth-secret";

describe("resolveAuthSecret", () => {
  it("uses AUTH_SECRET when set and writes nothing", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-secret-"));
    expect(resolveAuthSecret("x".repeat(40), dir)).toBe("x".repeat(40));
    expect(fs.existsSync(path.join(dir, "auth-secret"))).toBe(false);
  });

  it("generates a secret once into DATA_DIR, readable only by its owner, and reuses it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-secret-"));
    const first = resolveAuthSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(path.join(dir, "auth-secret")).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret(undefined, dir)).toBe(first);
  });
});
