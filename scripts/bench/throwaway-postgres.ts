import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const PG_BIN = "/usr/lib/postgresql/15/bin";

/** A PostgreSQL server to benchmark against, and how to let it go. */
export interface BenchPostgres {
  /** postgres://… of a server where the bench may create and drop a database. */
  url: string;
  /** Where it came from, for the report. */
  origin: string;
  stop(): void;
}

/**
 * DATABASE_URL when set; otherwise a throwaway Debian PostgreSQL 15 under /tmp (docs/architecture.md "Stack notes": initdb
 * refuses root, so it runs as the postgres user), on a free loopback port; null when neither.
 */
export async function benchPostgres(): Promise<BenchPostgres | null> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, origin: "the server in DATABASE_URL", stop: () => {} };
  if (!fs.existsSync(path.join(PG_BIN, "initdb"))) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "quire-bench-pg-"));
  const port = await freePort();
  const asPostgres = (command: string) => {
    const isRoot = process.getuid?.() === 0;
    if (isRoot) execFileSync("su", ["postgres", "-c", command], { stdio: "pipe" });
    else execFileSync("sh", ["-c", command], { stdio: "pipe" });
  };
  try {
    if (process.getuid?.() === 0) execFileSync("chown", ["postgres", dir]);
    asPostgres(`${PG_BIN}/initdb -D ${dir}/data -A trust -U postgres`);
    asPostgres(`${PG_BIN}/pg_ctl -D ${dir}/data -l ${dir}/log -o '-p ${port} -k ${dir} -c listen_addresses=127.0.0.1' -w start`);
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    console.warn(`[bench:search] could not start PostgreSQL: ${(error as Error).message.split("\n")[0]}`);
    return null;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    origin: "a throwaway Debian PostgreSQL 15 (default settings) under /tmp",
    stop: () => {
      try {
        asPostgres(`${PG_BIN}/pg_ctl -D ${dir}/data -m fast -w stop`);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}
