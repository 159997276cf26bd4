import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

/**
 * A zip written entry by entry (fflate's streaming Zip). The output piles up in memory until
 * `take()` hands it over, so a caller that takes after each entry holds at most one entry's
 * compressed bytes: the archive is streamed, never built whole.
 */
export class ZipWriter {
  private chunks: Uint8Array[] = [];
  private failure: Error | null = null;
  private readonly zip = new Zip((error, data) => {
    if (error) this.failure = error;
    else this.chunks.push(data);
  });

  /** Adds a whole entry; `compress: false` for bytes that are compressed already (PNG, JPEG, GIF). */
  add(name: string, data: Uint8Array | string, options: { compress?: boolean } = {}): void {
    const entry = this.open(name, options.compress ?? true);
    entry.push(typeof data === "string" ? new TextEncoder().encode(data) : data, true);
    this.check();
  }

  /** Adds an entry from a stream of chunks, handing the output over as it grows. */
  async *addStream(name: string, chunks: AsyncIterable<Uint8Array>, options: { compress?: boolean } = {}): AsyncGenerator<Uint8Array> {
    const entry = this.open(name, options.compress ?? true);
    for await (const chunk of chunks) {
      entry.push(chunk);
      this.check();
      yield* this.take();
    }
    entry.push(new Uint8Array(), true);
    this.check();
  }

  /** Writes the central directory; add nothing after. */
  end(): void {
    this.zip.end();
    this.check();
  }

  /** The output written since the last call. */
  take(): Uint8Array[] {
    const taken = this.chunks;
    this.chunks = [];
    return taken;
  }

  private open(name: string, compress: boolean) {
    const entry = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    this.zip.add(entry);
    return entry;
  }

  private check() {
    if (this.failure) throw this.failure;
  }
}
