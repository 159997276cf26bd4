import { eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { fileBlobs } from "@/server/db/schema";
import type { BlobStore, StoredBlob } from "./blob-store";
import { assertBlobKey, chunksOf } from "./blob-store";

/**
 * Blobs as rows of `file_blobs` (FILE_STORE=database): instances on several machines sharing one
 * PostgreSQL then serve every upload without a shared volume, and a database backup holds them.
 * A put is one statement, so all-or-nothing. Uploads are at most 10 MB (MAX_UPLOAD_BYTES), so a
 * blob is read and written whole. `earlier` is the store used before the switch (DATA_DIR/files):
 * a key not in the table is looked up there, and deleted there too.
 */
export class DatabaseBlobStore implements BlobStore {
  constructor(
    private readonly db: () => Promise<Db>,
    private readonly earlier: BlobStore | null = null,
  ) {}

  /** @throws Error for a malformed key or a failed write */
  async put(key: string, data: Uint8Array | ReadableStream<Uint8Array>): Promise<{ size: number }> {
    assertBlobKey(key);
    const bytes = await whole(data);
    await (await this.db())
      .insert(fileBlobs)
      .values({ key, bytes })
      .onConflictDoUpdate({ target: fileBlobs.key, set: { bytes, updatedAt: new Date() } });
    return { size: bytes.byteLength };
  }

  /** @throws Error for a malformed key */
  async get(key: string): Promise<StoredBlob | null> {
    assertBlobKey(key);
    const [row] = await (await this.db()).select({ bytes: fileBlobs.bytes }).from(fileBlobs).where(eq(fileBlobs.key, key));
    if (!row) return this.earlier ? this.earlier.get(key) : null;
    const bytes = row.bytes;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    });
    return { stream, size: bytes.byteLength };
  }

  /** @throws Error for a malformed key */
  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    await (await this.db()).delete(fileBlobs).where(eq(fileBlobs.key, key));
    await this.earlier?.delete(key);
  }

  within(tx: Db): BlobStore {
    return new DatabaseBlobStore(async () => tx, this.earlier);
  }

  /** Whether the table itself holds the key (not the earlier store): what `npm run files:to-database` skips. */
  async holds(key: string): Promise<boolean> {
    assertBlobKey(key);
    const [row] = await (await this.db()).select({ one: sql<number>`1` }).from(fileBlobs).where(eq(fileBlobs.key, key));
    return row !== undefined;
  }
}

async function whole(data: Uint8Array | ReadableStream<Uint8Array>): Promise<Uint8Array> {
  if (data instanceof Uint8Array) return data;
  const chunks: Uint8Array[] = [];
  for await (const chunk of chunksOf(data)) chunks.push(chunk);
  return Buffer.concat(chunks);
}
