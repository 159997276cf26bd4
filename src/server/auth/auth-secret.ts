import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "@/server/env";
import { processSingleton } from "@/server/process-singleton";

/**
 * AUTH_SECRET when set; otherwise a random secret generated once into
 * DATA_DIR/auth-secret (mode 0600), so sessions survive restarts without setup.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("base64url");
  try {
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    // Another process wrote it between our read and write: use theirs.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return fs.readFileSync(file, "utf8").trim();
    throw error;
  }
}

/** The process's auth secret (resolveAuthSecret over the environment), read once. */
export function getAuthSecret(): string {
  return processSingleton("auth-secret", () => {
    const env = getEnv();
    return resolveAuthSecret(env.AUTH_SECRET, env.dataDir);
  });
}
