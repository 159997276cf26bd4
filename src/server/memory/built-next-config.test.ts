import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { applyBuiltNextConfig, readBuiltNextConfig, STANDALONE_CONFIG_ENV } from "./built-next-config";

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

describe("applyBuiltNextConfig", () => {
  const saved = process.env[STANDALONE_CONFIG_ENV];
  let dir = "";
  afterEach(() => {
    if (saved === undefined) delete process.env[STANDALONE_CONFIG_ENV];
    else process.env[STANDALONE_CONFIG_ENV] = saved;
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const build = (config: object) => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-next-config-"));
    fs.mkdirSync(path.join(dir, ".next"));
    fs.writeFileSync(path.join(dir, ".next", "required-server-files.json"), JSON.stringify({ version: 1, config, files: [] }));
  };
  const applied = () => JSON.parse(process.env[STANDALONE_CONFIG_ENV] ?? "null") as { experimental?: Record<string, unknown> } | null;

  it.each([true, false])("hands Next the built config with routes preloaded at start: %s", (preloadRoutes) => {
    build({ poweredByHeader: false, experimental: { staleTimes: { dynamic: 30, static: 300 }, preloadEntriesOnStart: !preloadRoutes } });
    delete process.env[STANDALONE_CONFIG_ENV];
    expect(applyBuiltNextConfig(dir, { preloadRoutes })).toBe(true);
    expect(applied()).toEqual({ poweredByHeader: false, experimental: { staleTimes: { dynamic: 30, static: 300 }, preloadEntriesOnStart: preloadRoutes } });
  });

  it("changes nothing without a build", () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-next-config-"));
    delete process.env[STANDALONE_CONFIG_ENV];
    expect(applyBuiltNextConfig(dir, { preloadRoutes: true })).toBe(false);
    expect(process.env[STANDALONE_CONFIG_ENV]).toBeUndefined();
  });
});
