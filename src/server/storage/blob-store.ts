import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import type { Db } from "@/server/db/client";

/** What a blob store hands back for a key: the bytes as a web stream, and how many there are. */
export interface StoredBlob {
  stream: ReadableStream<Uint8Array>;
  size: number;
}

/**
 * Where uploaded bytes live, addressed by opaque keys (`newBlobKey()`). Metadata stays in
 * the `files` table; a store only keeps bytes. `DiskBlobStore` is the default;
 * `DatabaseBlobStore` (FILE_STORE=database) keeps them in the database, for instances on
 * several machines. An S3-compatible store (PutObject / GetObject / DeleteObject) can implement
 * the same three calls, since a put is all-or-nothing there too.
 */
export interface BlobStore {
  /** Stores the bytes under `key`, replacing any earlier blob; resolves with the byte count once they are durable. */
  put(key: string, data: Uint8Array | ReadableStream<Uint8Array>): Promise<{ size: number }>;
  /** The blob under `key`, or null when there is none. */
  get(key: string): Promise<StoredBlob | null>;
  /** Removes the blob under `key`; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * The same store writing through `tx`, for a store inside the database: a restore's bytes then
   * commit or roll back with its rows (and PGlite, one statement at a time, is not asked for a
   * second connection while the transaction holds it). Absent: the store is outside the database.
   */
  within?(tx: Db): BlobStore;
}

// Keys become file names, so they are restricted to characters that can't climb out of the folder.
const KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** @throws Error for a key `newBlobKey()` could not have made */
export function assertBlobKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
}

/** A new random blob key (24 url-safe characters, 144 bits). */
export function newBlobKey(): string {
  return crypto.randomBytes(18).toString("base64url");
}

/**
 * Blobs as files under `root` (DATA_DIR/files), sharded by the key's first two characters.
 * A put writes a temporary file in `root/tmp`, fsyncs it and renames it into place — on
 * the same file system, so the rename is atomic and a crash leaves either no blob or all
 * of it, never half.
 */
export class DiskBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  /** @throws Error for a malformed key or a failed write (the temporary file is removed) */
  async put(key: string, data: Uint8Array | ReadableStream<Uint8Array>): Promise<{ size: number }> {
    const target = this.pathFor(key);
    const tmpDir = path.join(this.root, "tmp");
    await fs.promises.mkdir(tmpDir, { recursive: true });
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const tmp = path.join(tmpDir, `${key}.${crypto.randomBytes(6).toString("hex")}.part`);
    const handle = await fs.promises.open(tmp, "wx", 0o600);
    let size = 0;
    try {
      for await (const chunk of chunksOf(data)) {
        await handle.write(chunk);
        size += chunk.byteLength;
      }
      await handle.sync();
      await handle.close();
      await fs.promises.rename(tmp, target);
      return { size };
    } catch (error) {
      await handle.close().catch(() => undefined); // may already be closed; the write error is the one to report
      await fs.promises.rm(tmp, { force: true });
      throw error;
    }
  }

  /** @throws Error for a malformed key or an unreadable file */
  async get(key: string): Promise<StoredBlob | null> {
    const file = this.pathFor(key);
    let size: number;
    try {
      size = (await fs.promises.stat(file)).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    // Node's web stream type and the DOM's differ only in their declarations.
    const stream = Readable.toWeb(fs.createReadStream(file)) as unknown as ReadableStream<Uint8Array>;
    return { stream, size };
  }

  /** @throws Error for a malformed key */
  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathFor(key), { force: true });
  }

  private pathFor(key: string): string {
    assertBlobKey(key);
    return path.join(this.root, key.slice(0, 2), key);
  }
}

/** Every chunk of the data, as it comes. */
export async function* chunksOf(data: Uint8Array | ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  if (data instanceof Uint8Array) {
    yield data;
    return;
  }
  // The DOM's ReadableStream type lacks Symbol.asyncIterator; Node's (the same object at runtime) has it.
  yield* data as unknown as NodeWebReadableStream<Uint8Array>;
}
