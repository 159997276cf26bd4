import { describe, expect, it } from "vitest";
import { SAMPLE_IMAGES } from "@test/file-factories";
import { detectImageType } from "./detect-image-type";

const text = (s: string) => new TextEncoder().encode(s);

describe("detectImageType", () => {
  it.each(Object.entries(SAMPLE_IMAGES))("recognises %s from its bytes", async (mime, bytes) => {
    expect(await detectImageType(bytes)).toBe(mime);
  });

  it("refuses SVG, with or without an XML declaration", async () => {
    expect(await detectImageType(text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(await detectImageType(text('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });

  it("refuses a text file whatever it is called, and empty input", async () => {
    expect(await detectImageType(text("<html><body>not a picture.png</body></html>"))).toBeNull();
    expect(await detectImageType(new Uint8Array())).toBeNull();
  });

  it("refuses image formats outside the picker's list", async () => {
    const webp = new Uint8Array([...text("RIFF"), 0x1a, 0, 0, 0, ...text("WEBPVP8 "), ...new Array<number>(16).fill(0)]);
    expect(await detectImageType(webp)).toBeNull();
  });
});
