import type { Readable } from "node:stream";
import yauzl from "yauzl";

/** One entry of a zip's central directory, as the directory describes it (nothing inflated). */
export interface ZipArchiveEntry {
  /** The stored path, `\` read as `/`; may be unsafe (`..`, absolute): callers decide. */
  name: string;
  /** What the directory says the entry unpacks to; reading never yields more. */
  declaredSize: number;
  /** 0 (stored) and 8 (deflate) can be read; anything else is refused when read. */
  compressionMethod: number;
  isEncrypted: boolean;
}

/** What went wrong reading a zip: not one at all, too many entries, or one entry (see the message). */
export type ZipReadProblem = "not_a_zip" | "too_many_entries" | "entry";

/** Why a zip or one of its entries can't be read; the message is a phrase ("it is not a readable zip file"). */
export class ZipReadError extends Error {
  constructor(
    readonly problem: ZipReadProblem,
    message: string,
  ) {
    super(message);
  }
}

const NOT_A_ZIP = "it is not a readable zip file";

/** Limits checked from the directory before any entry is inflated. */
export interface OpenZipOptions {
  /** More entries than this and the whole zip is refused. */
  maxEntries: number;
}

/**
 * A zip held in memory whose entries are inflated one at a time on demand, through yauzl.
 * The bytes an entry actually produces are counted as they come (yauzl's
 * `validateEntrySizes`) and the entry stops with an error the moment it passes its declared
 * size: a directory that understates its entries (a zip bomb that lies) costs no more than
 * it declared. Inflating runs in zlib's thread pool, in small chunks, so the event loop that
 * serves other requests and the collaboration socket stays free while a zip is read.
 */
export class ZipArchive {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly byName: Map<string, { entry: yauzl.Entry; info: ZipArchiveEntry }>,
  ) {}

  /**
   * Reads the central directory of `bytes`.
   * @throws ZipReadError for bytes that are not a readable zip, or more than `maxEntries` entries
   */
  static async open(bytes: Uint8Array, options: OpenZipOptions): Promise<ZipArchive> {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(
        buffer,
        // decodeStrings off: yauzl would refuse the whole zip for one unsafe path; callers skip such entries instead.
        { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true },
        (error, file) => (error ? reject(new ZipReadError("not_a_zip", NOT_A_ZIP)) : resolve(file)),
      ),
    );
    if (zip.entryCount > options.maxEntries) {
      zip.close();
      throw new ZipReadError("too_many_entries", `it holds more than ${options.maxEntries.toLocaleString("en")} entries`);
    }
    const byName = new Map<string, { entry: yauzl.Entry; info: ZipArchiveEntry }>();
    await new Promise<void>((resolve, reject) => {
      zip.on("entry", (entry: yauzl.Entry) => {
        // With decodeStrings off, yauzl hands the raw name bytes over (its types say string).
        const raw = entry.fileName as unknown as Buffer;
        const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, false);
        const info: ZipArchiveEntry = {
          name,
          declaredSize: entry.uncompressedSize,
          compressionMethod: entry.compressionMethod,
          isEncrypted: entry.isEncrypted(),
        };
        if (!byName.has(name)) byName.set(name, { entry, info });
        zip.readEntry();
      });
      zip.once("end", () => resolve());
      zip.once("error", () => reject(new ZipReadError("not_a_zip", NOT_A_ZIP)));
      zip.readEntry();
    }).catch((error: unknown) => {
      zip.close();
      throw error;
    });
    return new ZipArchive(zip, byName);
  }

  /** Every entry, in directory order (a name listed twice: its first entry). */
  entries(): ZipArchiveEntry[] {
    return Array.from(this.byName.values(), ({ info }) => info);
  }

  /** The entry called `name`, or undefined. */
  entry(name: string): ZipArchiveEntry | undefined {
    return this.byName.get(name)?.info;
  }

  /** The sum of the entries' declared sizes. */
  declaredSize(): number {
    let total = 0;
    for (const { info } of this.byName.values()) total += info.declaredSize;
    return total;
  }

  /**
   * The bytes of `name`, inflated off the event loop; never more than its declared size, and
   * refused before inflating when that is over `maxBytes`.
   * @throws ZipReadError for a missing, encrypted or damaged entry, an unsupported compression
   * method, one declared larger than `maxBytes`, or one that unpacks to more than it declares
   */
  async read(name: string, maxBytes: number): Promise<Uint8Array> {
    const found = this.byName.get(name);
    if (!found) throw new ZipReadError("entry", `it has no entry ${name}`);
    const { entry, info } = found;
    if (info.declaredSize > maxBytes) throw new ZipReadError("entry", `${name} unpacks to more than ${maxBytes.toLocaleString("en")} bytes`);
    if (info.isEncrypted) throw new ZipReadError("entry", `${name} is encrypted`);
    if (info.compressionMethod !== 0 && info.compressionMethod !== 8) throw new ZipReadError("entry", `${name} is compressed with a method other than deflate`);
    const stream = await new Promise<Readable>((resolve, reject) =>
      this.zip.openReadStream(entry, (error, opened) => (error ? reject(new ZipReadError("entry", `${name} can't be read`)) : resolve(opened))),
    );
    const out = Buffer.allocUnsafe(info.declaredSize);
    let written = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        chunk.copy(out, written);
        written += chunk.length;
      }
    } catch (error) {
      stream.destroy();
      const message = error instanceof Error ? error.message : "";
      if (/too many bytes/.test(message)) throw new ZipReadError("entry", `${name} unpacks to more than the ${info.declaredSize.toLocaleString("en")} bytes its zip directory declares (a possible zip bomb)`);
      throw new ZipReadError("entry", `${name} is damaged`);
    }
    return new Uint8Array(out.buffer, out.byteOffset, written);
  }

  /** Releases the zip (entries can no longer be read). */
  close(): void {
    this.zip.close();
  }
}
