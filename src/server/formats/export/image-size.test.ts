import { describe, expect, it } from "vitest";
import { SAMPLE_IMAGES } from "@test/file-factories";
import { imageSize } from "./image-size";

describe("imageSize", () => {
  it("reads the size from PNG, GIF, JPEG and BMP headers", () => {
    expect(imageSize(SAMPLE_IMAGES["image/png"])).toEqual({ width: 1, height: 1 });
    expect(imageSize(SAMPLE_IMAGES["image/gif"])).toEqual({ width: 1, height: 1 });
    expect(imageSize(SAMPLE_IMAGES["image/bmp"])).toEqual({ width: 1, height: 1 });
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0, 30, 0, 40, 3, 0, 0, 0]);
    expect(imageSize(jpeg)).toEqual({ width: 40, height: 30 });
  });

  it("answers null for other or truncated files", () => {
    expect(imageSize(SAMPLE_IMAGES["image/x-icon"])).toBeNull();
    expect(imageSize(SAMPLE_IMAGES["image/jpeg"])).toBeNull(); // no frame header
    expect(imageSize(SAMPLE_IMAGES["image/png"].slice(0, 10))).toBeNull();
    expect(imageSize(new Uint8Array())).toBeNull();
  });
});
