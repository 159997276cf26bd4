import fs from "node:fs";
import path from "node:path";
import type { NextConfig } from "next";

/** What `next build` writes for production servers: the config it resolved from next.config.ts, among others. */
const REQUIRED_SERVER_FILES = path.join(".next", "required-server-files.json");

/**
 * Where Next's production server takes its config from instead of loading next.config.ts: its
 * own standalone server.js sets it to the config the build resolved (next/dist/server/config.js
 * reads it in every loadConfig, the router's included; `next({ conf })` alone does not reach that one).
 */
export const STANDALONE_CONFIG_ENV = "__NEXT_PRIVATE_STANDALONE_CONFIG";

/** What the server decides at start rather than at build time. */
export interface StartOptions {
  /**
   * Load every route's server code before listening (Next's `preloadEntriesOnStart`, PRELOAD_ROUTES)
   * instead of with each route's first request: ~30 MB more resident at start, whether or not
   * the routes are ever visited, for a quicker first visit to each (docs/configuration.md "Memory").
   */
  preloadRoutes: boolean;
}

/**
 * Makes Next's production server use the config the build resolved, as its standalone server
 * does, with what `options` decides at start. Otherwise `next()` loads next.config.ts at every
 * start and, the file being TypeScript, transpiles it with Next's native SWC compiler: that addon
 * (26 MiB resident) then stays mapped for the life of the process, for one file read once
 * (docs/configuration.md "Memory"). Without a build's file (development) nothing changes and
 * Next reads next.config.ts itself.
 * @returns whether the built config is used
 */
export function applyBuiltNextConfig(dir: string, options: StartOptions): boolean {
  const config = readBuiltNextConfig(dir);
  if (!config || process.env[STANDALONE_CONFIG_ENV]) return false;
  const experimental = { ...config.experimental, preloadEntriesOnStart: options.preloadRoutes };
  process.env[STANDALONE_CONFIG_ENV] = JSON.stringify({ ...config, experimental });
  return true;
}

/** The config in the build's .next/required-server-files.json, or null without one. */
export function readBuiltNextConfig(dir: string): NextConfig | null {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dir, REQUIRED_SERVER_FILES), "utf8");
  } catch {
    return null;
  }
  const { config } = JSON.parse(text) as { config?: NextConfig }; // Next's required-server-files format
  return config ?? null;
}
