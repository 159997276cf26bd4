import crypto from "node:crypto";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { zipStream } from "./zip-stream";

// Incompressible, so each file adds its full size to the stream.
const MEGABYTE = new Uint8Array(crypto.randomBytes(1 << 20));

describe("zipStream", () => {
  it("streams a zip whose files unzip as written, paths and all", async () => {
    const stream = zipStream(async (zip) => {
      zip.add("a.md", "# A\n");
      zip.add("a/b.pdf", new Uint8Array([37, 80, 68, 70]), { compress: false });
      await zip.drained();
    });
    const entries = unzipSync(new Uint8Array(await new Response(stream).arrayBuffer()));
    expect(Object.keys(entries)).toEqual(["a.md", "a/b.pdf"]);
    expect(new TextDecoder().decode(entries["a.md"])).toBe("# A\n");
  });

  it("waits for the reader instead of buffering everything, and stops when cancelled", async () => {
    let added = 0;
    let failure: unknown = null;
    const stream = zipStream(async (zip) => {
      try {
        for (let i = 0; i < 50; i += 1) {
          zip.add(`file-${i}.bin`, MEGABYTE, { compress: false });
          added += 1;
          await zip.drained();
        }
      } catch (error) {
        failure = error;
        throw error;
      }
    });
    const reader = stream.getReader();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 100));
    // About 1 MiB may wait in the queue: the producer is held after a file or two, not 50.
    expect(added).toBeLessThanOrEqual(3);
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(added).toBeLessThanOrEqual(3);
    expect(String(failure)).toContain("cancelled");
  });
});
