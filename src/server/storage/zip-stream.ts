import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

/** Adds files to a zip being streamed. */
export interface ZipWriter {
  /** Adds a file; `compress: false` stores already compressed bytes (PDF, DOCX, images) as they are. */
  add(path: string, data: Uint8Array | string, options?: { compress?: boolean }): void;
  /** Resolves once the reader has taken what is queued (at most about 1 MiB stays buffered). */
  drained(): Promise<void>;
}

const HIGH_WATER_BYTES = 1 << 20;

/**
 * A zip written as it is read: `produce` adds files one at a time and awaits `drained()`
 * between them, so a slow download holds back rendering instead of piling up in memory. An
 * error inside `produce` aborts the stream (the download ends incomplete) and is logged.
 */
export function zipStream(produce: (zip: ZipWriter) => Promise<void>): ReadableStream<Uint8Array> {
  let wake: (() => void) | null = null;
  let isCancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const zip = new Zip((error, chunk, isFinal) => {
          if (error) return controller.error(error);
          if (isCancelled) return;
          controller.enqueue(chunk);
          if (isFinal) controller.close();
        });
        const writer: ZipWriter = {
          add(path, data, options = {}) {
            if (isCancelled) throw new Error("the download was cancelled");
            const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
            const file = options.compress === false ? new ZipPassThrough(path) : new ZipDeflate(path, { level: 6 });
            zip.add(file);
            file.push(bytes, true);
          },
          async drained() {
            while (!isCancelled && (controller.desiredSize ?? 1) <= 0) await new Promise<void>((resolve) => (wake = resolve));
            if (isCancelled) throw new Error("the download was cancelled");
          },
        };
        // Not awaited: start() must return for the reader to begin pulling.
        produce(writer).then(
          () => zip.end(),
          (error: unknown) => {
            if (!isCancelled) console.error("[zip] writing failed:", error instanceof Error ? error.message : error);
            zip.terminate();
            if (!isCancelled) controller.error(error);
          },
        );
      },
      pull() {
        wake?.();
        wake = null;
      },
      cancel() {
        isCancelled = true;
        wake?.();
        wake = null;
      },
    },
    { highWaterMark: HIGH_WATER_BYTES, size: (chunk) => chunk.byteLength },
  );
}
