import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { MAX_IMPORT_FILE_BYTES } from "@/shared/import";
import { deflatedZeros, lyingZip, lyingZipBomb } from "@test/zip-bomb";
import { ZipRefusedError, readZip } from "./read-zip";

const budget = (remaining = 200 * 1024 * 1024) => ({ remaining });

describe("readZip", () => {
  it("lists files with clean paths and leaves out folders, hidden files and __MACOSX", async () => {
    const zip = zipSync({ "a/b.md": strToU8("# B"), "a/": new Uint8Array(), ".hidden": strToU8("x"), "__MACOSX/a/._b.md": strToU8("x"), "c.md": strToU8("c") });
    const { entries, skipped } = await readZip("z.zip", zip, budget());
    expect(entries.map((e) => e.path).sort()).toEqual(["a/b.md", "c.md"]);
    expect(new TextDecoder().decode(entries.find((e) => e.path === "c.md")?.bytes)).toBe("c");
    expect(skipped).toEqual([]);
  });

  it("skips entries whose path climbs out of the zip", async () => {
    const zip = zipSync({ "../evil.md": strToU8("x"), "ok.md": strToU8("y") });
    const { entries, skipped } = await readZip("z.zip", zip, budget());
    expect(entries.map((e) => e.path)).toEqual(["ok.md"]);
    expect(skipped[0]?.reason).toMatch(/leaves the zip/);
  });

  it("skips an entry that declares more than 10 MB without inflating it", async () => {
    const zip = zipSync({ "big.md": new Uint8Array(MAX_IMPORT_FILE_BYTES + 1), "small.md": strToU8("s") });
    const { entries, skipped } = await readZip("z.zip", zip, budget());
    expect(entries.map((e) => e.path)).toEqual(["small.md"]);
    expect(skipped).toEqual([{ name: "z.zip/big.md", reason: "It is larger than 10 MB." }]);
  });

  it("refuses a zip bomb from its declared sizes, before inflating anything, and keeps the budget", async () => {
    // 25 honest entries of 9 MiB of zeros each (their directory tells the truth), made in
    // milliseconds: deflating 225 MB for real took longer than the test's time on a busy machine.
    const zeros = deflatedZeros(9);
    const zip = lyingZip(Array.from({ length: 25 }, (_, i) => ({ name: `part-${i}.md`, deflated: zeros, claimedSize: 9 * 1024 * 1024 })));
    expect(zip.byteLength).toBeLessThan(1024 * 1024); // 225 MB in under 1 MB
    const left = budget();
    await expect(readZip("bomb.zip", zip, left)).rejects.toThrow(ZipRefusedError);
    await expect(readZip("bomb.zip", zip, left)).rejects.toThrow(/would unpack to 225 MB.*zip bomb/);
    expect(left.remaining).toBe(200 * 1024 * 1024);
  });

  it("refuses a zip whose entry unpacks to more than its directory declares", async () => {
    const zip = zipSync({ "a.md": new Uint8Array(1000).fill(65) }, { level: 9 });
    // Rewrite the declared size (central directory, offset 24 of its header) to 10 bytes.
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    const central = zip.findIndex((_, i) => view.getUint32(i, true) === 0x02014b50);
    view.setUint32(central + 24, 10, true);
    await expect(readZip("lie.zip", zip, budget())).rejects.toThrow(/a\.md unpacks to more than the 10 bytes its zip directory declares/);
  });

  it("stops a lying zip bomb at the declared sizes: its 5 GiB of zeros would outlast the test", async () => {
    const bomb = lyingZipBomb(5); // 5 GiB of zeros, each entry claiming 1,000 bytes
    await expect(readZip("bomb.zip", bomb, budget())).rejects.toThrow(/part-0\.md unpacks to more than the 1,000 bytes its zip directory declares \(a possible zip bomb\)/);
  });

  it("refuses bytes that are not a zip", async () => {
    await expect(readZip("x.zip", strToU8("not a zip"), budget())).rejects.toThrow(/not a readable zip/);
  });
});
