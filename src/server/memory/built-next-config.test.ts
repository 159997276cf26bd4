import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readBuiltNextConfig } from "./built-next-config";

describe("readBuiltNextConfig", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-next-config-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it("returns the config the build resolved, from .next/required-server-files.json", () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, ".next"));
    const config = { poweredByHeader: false, experimental: { staleTimes: { dynamic: 30, static: 300 } } };
    fs.writeFileSync(path.join(dir, ".next", "required-server-files.json"), JSON.stringify({ version: 1, config, files: [] }));
    expect(readBuiltNextConfig(dir)).toEqual(config);
  });

  it("returns null without a build, so Next reads next.config.ts itself", () => {
    expect(readBuiltNextConfig(tempDir())).toBeNull();
  });
});
