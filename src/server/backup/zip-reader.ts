import zlib from "node:zlib";

/** One entry of a zip's central directory. */
interface ZipEntry {
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

/** Thrown for bytes that are not a zip this reader understands. */
export class ZipFormatError extends Error {}

/**
 * Random access to the entries of a zip held in memory: the central directory is read once,
 * and each entry is inflated only when asked for, so memory holds the archive plus one entry
 * (fflate's unzip would inflate everything, or rescan the directory per entry). Stored and
 * deflated entries; no zip64 (archives are at most 50 MB) and no encryption.
 */
export class ZipReader {
  private readonly entries = new Map<string, ZipEntry>();
  private readonly view: DataView;

  /** @throws ZipFormatError when `bytes` is not a readable zip */
  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const end = this.findEndOfDirectory();
    const count = this.view.getUint16(end + 10, true);
    let offset = this.view.getUint32(end + 16, true);
    const decoder = new TextDecoder("utf-8", { fatal: false });
    for (let i = 0; i < count; i++) {
      if (offset + 46 > bytes.byteLength || this.view.getUint32(offset, true) !== 0x02014b50) throw new ZipFormatError("a damaged central directory");
      const nameLength = this.view.getUint16(offset + 28, true);
      const extraLength = this.view.getUint16(offset + 30, true);
      const commentLength = this.view.getUint16(offset + 32, true);
      const name = decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
      this.entries.set(name, {
        method: this.view.getUint16(offset + 10, true),
        compressedSize: this.view.getUint32(offset + 20, true),
        size: this.view.getUint32(offset + 24, true),
        localHeaderOffset: this.view.getUint32(offset + 42, true),
      });
      offset += 46 + nameLength + extraLength + commentLength;
    }
  }

  /** Whether the zip holds `name`. */
  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The sum of the entries' inflated sizes, as their headers declare them. */
  declaredSize(): number {
    let total = 0;
    for (const entry of this.entries.values()) total += entry.size;
    return total;
  }

  /**
   * The inflated bytes of `name`, or null when there is no such entry. Inflation stops at the
   * size the directory declares, so an entry can't expand past what was announced.
   * @throws ZipFormatError for a damaged entry or an unsupported compression method
   */
  read(name: string): Uint8Array | null {
    const entry = this.entries.get(name);
    if (!entry) return null;
    const local = entry.localHeaderOffset;
    if (local + 30 > this.bytes.byteLength || this.view.getUint32(local, true) !== 0x04034b50) throw new ZipFormatError(`a damaged entry ${name}`);
    const start = local + 30 + this.view.getUint16(local + 26, true) + this.view.getUint16(local + 28, true);
    const data = this.bytes.subarray(start, start + entry.compressedSize);
    if (data.byteLength !== entry.compressedSize) throw new ZipFormatError(`a truncated entry ${name}`);
    if (entry.method === 0) return data;
    if (entry.method !== 8) throw new ZipFormatError(`an entry compressed with method ${entry.method} (${name})`);
    try {
      const inflated = zlib.inflateRawSync(data, { maxOutputLength: Math.max(entry.size, 1) });
      if (inflated.byteLength !== entry.size) throw new ZipFormatError(`an entry whose size does not match (${name})`);
      return new Uint8Array(inflated.buffer, inflated.byteOffset, inflated.byteLength);
    } catch (error) {
      if (error instanceof ZipFormatError) throw error;
      throw new ZipFormatError(`a damaged entry ${name}`);
    }
  }

  /** The entry parsed as UTF-8 JSON, or null when absent. @throws ZipFormatError | SyntaxError */
  readJson(name: string): unknown {
    const bytes = this.read(name);
    return bytes === null ? null : JSON.parse(new TextDecoder().decode(bytes));
  }

  private findEndOfDirectory(): number {
    // The end record is 22 bytes plus a comment of up to 65,535 bytes, at the very end.
    const lowest = Math.max(0, this.bytes.byteLength - 22 - 0xffff);
    for (let offset = this.bytes.byteLength - 22; offset >= lowest; offset--) {
      if (this.view.getUint32(offset, true) === 0x06054b50) return offset;
    }
    throw new ZipFormatError("no zip directory");
  }
}
