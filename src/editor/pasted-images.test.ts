import { describe, expect, it } from "vitest";
import { MAX_CHANGE_BYTES, MAX_VALUE_BYTES } from "@/shared/editor-rules";
import { estimateChangeBytes, fileOfDataUrl } from "./pasted-images";

describe("estimateChangeBytes", () => {
  it("bounds a change's update from above: text at 3 bytes a character, values as JSON", () => {
    const cjk = "漢".repeat(1000);
    expect(new TextEncoder().encode(cjk).length).toBeLessThanOrEqual(estimateChangeBytes([{ insert: cjk }]).total);
    const image = { image: `data:image/png;base64,${"A".repeat(MAX_VALUE_BYTES)}` };
    expect(estimateChangeBytes([{ insert: "x", attributes: { bold: true } }, { insert: image }]).largestValue).toBeGreaterThan(MAX_VALUE_BYTES);
    // QA fourth sweep #1's shape: 5.6 million CJK characters are 16.8 MB, past the 16 MiB frame.
    expect(estimateChangeBytes([{ insert: "漢".repeat(5_600_000) }]).total).toBeGreaterThan(MAX_CHANGE_BYTES);
  });
});

describe("fileOfDataUrl", () => {
  it("decodes base64 and percent-encoded data: addresses into a file of their type", async () => {
    const file = fileOfDataUrl("data:image/png;base64,iVBORw0K GgoA");
    expect(file?.type).toBe("image/png");
    expect(file?.name).toBe("pasted-image.png");
    expect([...new Uint8Array(await (file as File).arrayBuffer())].slice(0, 4)).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const text = fileOfDataUrl("data:image/bmp,BM%20x");
    expect(await text?.text()).toBe("BM x");
  });

  it("gives nothing for an address that does not decode", () => {
    expect(fileOfDataUrl("data:image/png;base64,***")).toBeNull();
    expect(fileOfDataUrl("https://example.com/a.png")).toBeNull();
  });
});
