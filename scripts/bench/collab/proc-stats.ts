import { execFileSync } from "node:child_process";
import fs from "node:fs";

const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;

/** CPU time (user + system, ms) a process has used, from /proc/<pid>/stat. */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name (field 2) may hold spaces: count fields from after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / CLOCK_TICKS;
}

/** CPU time (user + system, ms) of a process's main thread (its JS event loop), from /proc/<pid>/task/<pid>/stat. */
export function mainThreadCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** Resident set size of a process in bytes, from /proc/<pid>/status. */
export function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) * 1024;
}

/**
 * Time (ms) the process's main thread — the JS event loop — has spent runnable but waiting for a
 * core (/proc/<pid>/schedstat, second field, ns): on a shared machine, latency no code of ours causes.
 */
export function runQueueWaitMs(pid: number): number {
  const [, waitNs] = fs.readFileSync(`/proc/${pid}/schedstat`, "utf8").trim().split(" ");
  return Number(waitNs) / 1e6;
}

/** A CPU-time reading to compare with a later one. */
export function cpuSnapshot(pid: number): { cpuMs: number; waitMs: number; at: number } {
  return { cpuMs: cpuMs(pid), waitMs: runQueueWaitMs(pid), at: performance.now() };
}

/** Milliseconds per second the process's event loop waited for a core since `since`. */
export function runQueueWaitSince(pid: number, since: { waitMs: number; at: number }): number {
  return (1000 * (runQueueWaitMs(pid) - since.waitMs)) / (performance.now() - since.at);
}

/** Share of one core (100 = one core busy) a process used since `since`. */
export function cpuPercentSince(pid: number, since: { cpuMs: number; at: number }): number {
  return (100 * (cpuMs(pid) - since.cpuMs)) / (performance.now() - since.at);
}

/**
 * Write syscalls (write, writev, send…) a process has made and the bytes they carried, from
 * /proc/<pid>/io: for the server that is almost all socket writes, and unlike CPU time it does
 * not move with how contended the machine is.
 */
export function writeCounts(pid: number): { syscalls: number; bytes: number } {
  const io = fs.readFileSync(`/proc/${pid}/io`, "utf8");
  const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, "m").exec(io)?.[1] ?? NaN);
  return { syscalls: field("syscw"), bytes: field("wchar") };
}
