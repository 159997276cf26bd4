/** An image's intrinsic size in pixels. */
export interface ImageSize {
  width: number;
  height: number;
}

/**
 * The pixel size written in a PNG, GIF, BMP or JPEG header (the raster types uploads and
 * data: images may be), or null for anything else or a truncated header. Pure.
 */
export function imageSize(bytes: Uint8Array): ImageSize | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = pngSize(bytes, view) ?? gifSize(bytes, view) ?? bmpSize(bytes, view) ?? jpegSize(bytes, view);
  return size && size.width > 0 && size.height > 0 ? size : null;
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

function pngSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  if (bytes.length < 24 || !startsWith(bytes, [0x89, 0x50, 0x4e, 0x47])) return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function gifSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  if (bytes.length < 10 || !startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return null;
  return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
}

function bmpSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  if (bytes.length < 26 || !startsWith(bytes, [0x42, 0x4d])) return null;
  // BITMAPINFOHEADER: a negative height means rows are stored top-down.
  return { width: Math.abs(view.getInt32(18, true)), height: Math.abs(view.getInt32(22, true)) };
}

function jpegSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  if (bytes.length < 4 || !startsWith(bytes, [0xff, 0xd8])) return null;
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    // Start-of-frame markers (baseline, progressive, …) hold the size; C4, C8 and CC do not.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    }
    offset += 2 + view.getUint16(offset + 2);
  }
  return null;
}
