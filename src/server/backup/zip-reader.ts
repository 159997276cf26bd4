import { unzipSync } from "fflate";

/** Thrown for bytes that are not a zip this reader understands. */
export class ZipFormatError extends Error {}

/**
 * Random access to the entries of a zip held in memory, through fflate: the directory is listed
 * once without inflating anything, and each entry is inflated only when asked for, so memory
 * holds the archive plus one entry. fflate inflates into a buffer of the size the directory
 * declares, so an entry can't expand past what was announced.
 */
export class ZipReader {
  private readonly sizes = new Map<string, number>();

  /** @throws ZipFormatError when `bytes` is not a readable zip */
  constructor(private readonly bytes: Uint8Array) {
    guard("no readable zip directory", () =>
      unzipSync(bytes, {
        filter: (file) => {
          this.sizes.set(file.name, file.originalSize);
          return false;
        },
      }),
    );
  }

  /** Whether the zip holds `name`. */
  has(name: string): boolean {
    return this.sizes.has(name);
  }

  /** The sum of the entries' inflated sizes, as their headers declare them. */
  declaredSize(): number {
    let total = 0;
    for (const size of this.sizes.values()) total += size;
    return total;
  }

  /**
   * The inflated bytes of `name`, or null when there is no such entry.
   * @throws ZipFormatError for a damaged entry or an unsupported compression method
   */
  read(name: string): Uint8Array | null {
    if (!this.sizes.has(name)) return null;
    const entries = guard(`a damaged entry ${name}`, () => unzipSync(this.bytes, { filter: (file) => file.name === name }));
    return entries[name] ?? null;
  }

  /** The entry parsed as UTF-8 JSON, or null when absent. @throws ZipFormatError | SyntaxError */
  readJson(name: string): unknown {
    const bytes = this.read(name);
    return bytes === null ? null : JSON.parse(new TextDecoder().decode(bytes));
  }
}

function guard<T>(problem: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw new ZipFormatError(`${problem}${error instanceof Error ? ` (${error.message})` : ""}`);
  }
}
