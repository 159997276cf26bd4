import fs from "node:fs";
import path from "node:path";

/** Thrown when another live process holds the data directory. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dir} is in use by another Quire process (pid ${pid}).\n` +
        `Stop that process first, or start this one with a different DATA_DIR.`,
    );
    this.name = "DataDirLockedError";
  }
}

/**
 * Takes an exclusive, process-wide lock on `dir` by creating `dir/quire.pid`.
 * PGlite has no lock of its own, and two processes on one directory corrupt it.
 * A lock left by a dead process (SIGKILL, power loss) is taken over.
 * @throws DataDirLockedError when a live process holds it
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "quire.pid");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // "wx" fails if the file exists, so two processes racing here cannot both win.
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => releaseLock(file);
    } catch (error) {
      if (!isErrno(error, "EEXIST")) throw error;
      const holder = readPid(file);
      if (holder !== null && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(dir, holder);
      }
      fs.rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock ${dir}: the lock file keeps reappearing.`);
}

/**
 * Names `to` instead of `from` as the holder of the lock this process took on `dir`. The server
 * names the child that migrates its database (migrate-apart.ts) while it runs, so that if the
 * server is killed another start stays out until the child has exited too; then takes it back.
 */
export function passDataDirLock(dir: string, from: number, to: number): void {
  const file = path.join(dir, "quire.pid");
  // Unless another start took it over after `from` died: that one's lock must stand.
  if (readPid(file) === from) fs.writeFileSync(file, String(to));
}

function releaseLock(file: string) {
  if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null; // vanished between our checks: treat as free
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else — still alive.
    return isErrno(error, "EPERM");
  }
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
