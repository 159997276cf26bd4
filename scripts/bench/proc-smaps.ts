import fs from "node:fs";

/**
 * A process's resident memory by kind of mapping, MiB, from /proc/<pid>/smaps. Heuristics, from
 * how V8 and glibc map memory on 64-bit Linux:
 * - `wasm`: the usable part of a WebAssembly.Memory: V8 reserves each with a PROT_NONE guard
 *   region (8–10 GiB of address space) right after it; PGlite's memory is nearly all of it, and its RSS is
 *   the pages PGlite ever touched (it never shrinks);
 * - `mallocArenas`: anonymous reservations of 64 MiB on a 64 MiB boundary: glibc's per-thread
 *   malloc arenas (HEAP_MAX_SIZE, 64 MiB each; up to 8 × cores of them), which hand freed memory
 *   back to the system only from their top;
 * - `brk`: the main malloc arena ([heap]);
 * - `otherAnon`: the rest of the anonymous memory: V8's heap pages (every isolate's: the main
 *   thread's and the body workers'), compiled code, large malloc blocks mapped on their own;
 * - `files`: mapped files (the node binary, native addons).
 */
export interface SmapsBreakdown {
  wasm: number;
  mallocArenas: number;
  brk: number;
  otherAnon: number;
  files: number;
}

const ARENA_SIZE = 64 * 1024 * 1024;
// V8 follows a WebAssembly.Memory with 8–10 GiB of PROT_NONE guard (its code range and others reserve at most 2 GiB).
const WASM_GUARD = 4 * 1024 * 1024 * 1024;

export function smapsBreakdown(pid: number): SmapsBreakdown {
  return parseSmaps(fs.readFileSync(`/proc/${pid}/smaps`, "utf8"));
}

interface Mapping {
  start: number;
  end: number;
  perms: string;
  name: string;
  rss: number;
}

export function parseSmaps(text: string): SmapsBreakdown {
  const mappings: Mapping[] = [];
  for (const line of text.split("\n")) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      mappings.push({ start: Number.parseInt(header[1] ?? "0", 16), end: Number.parseInt(header[2] ?? "0", 16), perms: header[3] ?? "", name: header[4] ?? "", rss: 0 });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    const last = mappings.at(-1);
    if (rss && last) last.rss += Number(rss[1]) / 1024;
  }
  const result: SmapsBreakdown = { wasm: 0, mallocArenas: 0, brk: 0, otherAnon: 0, files: 0 };
  const isAnon = (m: Mapping | undefined) => m !== undefined && (m.name === "" || m.name.startsWith("[anon"));
  mappings.forEach((m, i) => {
    if (m.name === "[heap]") return void (result.brk += m.rss);
    if (!isAnon(m)) return void (result[m.name.startsWith("[") ? "otherAnon" : "files"] += m.rss);
    // The usable part of a reservation is followed by its PROT_NONE rest, a mapping of its own.
    const next = mappings[i + 1];
    const rest = isAnon(next) && next?.start === m.end && next.perms.startsWith("---") ? next : undefined;
    const reserved = m.end - m.start + (rest ? rest.end - rest.start : 0);
    const kind = !m.perms.startsWith("rw")
      ? "otherAnon"
      : rest && rest.end - rest.start >= WASM_GUARD
        ? "wasm"
        : reserved === ARENA_SIZE && m.start % ARENA_SIZE === 0
          ? "mallocArenas"
          : "otherAnon";
    result[kind] += m.rss;
  });
  return result;
}

export function describeSmaps(s: SmapsBreakdown): string {
  return `WebAssembly ${s.wasm.toFixed(0)}, malloc arenas ${s.mallocArenas.toFixed(0)} + brk ${s.brk.toFixed(0)}, other anonymous (V8 heaps, code) ${s.otherAnon.toFixed(0)}, files ${s.files.toFixed(0)}`;
}
