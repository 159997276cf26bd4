import type { ChildProcess } from "node:child_process";
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

/** A throwaway server started for one test file. */
export interface RunningService {
  url: string;
  stop(): Promise<void>;
}

const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const REDIS_SERVER = process.env.REDIS_SERVER ?? "/usr/bin/redis-server";

/** Why the scale-out tests can't run here, or null when Debian's postgresql and redis-server are installed. */
export function missingServices(): string | null {
  const missing = [
    fs.existsSync(path.join(PG_BIN, "initdb")) ? null : "postgresql",
    fs.existsSync(REDIS_SERVER) ? null : "redis-server",
  ].filter(Boolean);
  return missing.length === 0 ? null : `these tests need Debian's ${missing.join(" and ")}: sudo apt-get install -y ${missing.join(" ")}`;
}

/** A PostgreSQL server on loopback in a temporary directory (Debian's binaries; initdb refuses root, so as `postgres`). */
export async function startPostgres(): Promise<RunningService> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-pg-"));
  const port = await freePort();
  const isRoot = process.getuid?.() === 0;
  if (isRoot) fs.chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString().trim()), 0);
  const run = (command: string) =>
    isRoot ? execFileSync("su", ["postgres", "-c", command], { stdio: "pipe" }) : execFileSync("sh", ["-c", command], { stdio: "pipe" });
  run(`${PG_BIN}/initdb -D ${dir}/data -A trust -U postgres`);
  run(`${PG_BIN}/pg_ctl -D ${dir}/data -l ${dir}/log -o "-p ${port} -k ${dir} -c listen_addresses=127.0.0.1" -w start`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      try {
        run(`${PG_BIN}/pg_ctl -D ${dir}/data -m immediate -w stop`);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A Redis server on loopback, without persistence. */
export async function startRedis(): Promise<RunningService> {
  const port = await freePort();
  const child: ChildProcess = spawn(REDIS_SERVER, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on("exit", (code) => reject(new Error(`redis-server exited with ${code}:\n${output}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.on("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
