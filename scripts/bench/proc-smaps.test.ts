import { describe, expect, it } from "vitest";
import { parseSmaps } from "./proc-smaps";

// How the memory benches split a server's RSS (proc-smaps.ts): the mappings below are shaped as
// V8 and glibc make them on 64-bit Linux, with the Rss each holds.
const mapping = (start: bigint, size: bigint, perms: string, name: string, rssKb: number) =>
  `${start.toString(16)}-${(start + size).toString(16)} ${perms} 00000000 00:00 0 ${name}\nSize: ${size / 1024n} kB\nRss: ${rssKb} kB\nPss: ${rssKb} kB\n`;
const MiB = 1024n * 1024n;
const GiB = 1024n * MiB;

describe("parseSmaps", () => {
  it("counts a WebAssembly memory by the PROT_NONE guard after it, a malloc arena by its 64 MiB reservation", () => {
    const text = [
      mapping(0x400000n, 8n * MiB, "r-xp", "/usr/bin/node", 6 * 1024),
      mapping(0x4118b000n, 4n * MiB, "rw-p", "[heap]", 3 * 1024),
      // PGlite's memory: 128 MiB usable, 31 MiB touched, then ~10 GiB of guard.
      mapping(0x7f0000000000n, 128n * MiB, "rw-p", "", 31 * 1024),
      mapping(0x7f0008000000n, 10n * GiB, "---p", "", 0),
      // A thread's malloc arena: 64 MiB reserved on a 64 MiB boundary, 20 MiB of it in use.
      mapping(0x7f4000000000n, 20n * MiB, "rw-p", "", 12 * 1024),
      mapping(0x7f4001400000n, 44n * MiB, "---p", "", 0),
      // V8 heap pages and everything else anonymous.
      mapping(0x7f5000040000n, 256n * 1024n, "rw-p", "", 256),
      mapping(0x7f6000000000n, 2n * MiB, "rw-p", "[anon:v8]", 1024),
    ].join("");
    expect(parseSmaps(text)).toEqual({ wasm: 31, mallocArenas: 12, brk: 3, otherAnon: 1.25, files: 6 });
  });

  it("does not take a small reservation's guard, or an unaligned 64 MiB mapping, for those", () => {
    const text = [
      mapping(0x7f0000000000n, 1n * MiB, "rw-p", "", 512),
      mapping(0x7f0000100000n, 2n * GiB, "---p", "", 0),
      mapping(0x7f4000100000n, 64n * MiB, "rw-p", "", 1024),
    ].join("");
    expect(parseSmaps(text)).toEqual({ wasm: 0, mallocArenas: 0, brk: 0, otherAnon: 1.5, files: 0 });
  });
});
