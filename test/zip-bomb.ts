import zlib from "node:zlib";

/** One entry of a hand-made zip: its name, its deflated bytes and the size its directory claims. */
export interface LyingEntry {
  name: string;
  deflated: Uint8Array;
  /** The uncompressed size written into both headers, whatever the data really inflates to. */
  claimedSize: number;
}

const MIB = 1024 * 1024;

/**
 * A raw deflate stream of `mebibytes` MiB of zeros, made in milliseconds: 16 MiB of zeros is
 * deflated once and ended with a full flush (byte-aligned, no reference to what came before),
 * so the chunk can be repeated; a final empty block ends the stream. About 1 KB per MiB.
 */
export function deflatedZeros(mebibytes: number): Uint8Array {
  const chunkMiB = Math.min(16, mebibytes);
  const chunk = zlib.deflateRawSync(Buffer.alloc(chunkMiB * MIB), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const repeats = Math.ceil(mebibytes / chunkMiB);
  // 0x03 0x00: a final block with fixed codes holding only its end-of-block code.
  return Buffer.concat([...Array.from({ length: repeats }, () => chunk), Buffer.from([0x03, 0x00])]);
}

/**
 * A zip whose central directory and local headers state `claimedSize` for each entry (the
 * CRC is left 0): the zip bomb that lies, which a reader trusting the directory would inflate
 * in full. fflate and other writers can't write one, hence this.
 */
export function lyingZip(entries: readonly LyingEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(0, 14); // CRC
    local.writeUInt32LE(entry.deflated.byteLength, 18);
    local.writeUInt32LE(entry.claimedSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(0, 16);
    central.writeUInt32LE(entry.deflated.byteLength, 20);
    central.writeUInt32LE(entry.claimedSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(entry.deflated));
    centrals.push(central, name);
    offset += local.length + name.length + entry.deflated.byteLength;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The bomb: `count` entries of 1 GiB of zeros, each claiming 1,000 bytes (about 1 MB an entry). */
export function lyingZipBomb(count: number, namer: (index: number) => string = (i) => `part-${i}.md`): Uint8Array {
  const gibibyte = deflatedZeros(1024);
  return lyingZip(Array.from({ length: count }, (_, i) => ({ name: namer(i), deflated: gibibyte, claimedSize: 1000 })));
}
