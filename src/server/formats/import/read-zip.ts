import { MAX_IMPORT_FILE_BYTES, MAX_ZIP_ENTRIES } from "@/shared/import";
import type { SkippedImport } from "@/shared/schemas/import";
import { ZipArchive, ZipReadError } from "@/server/storage/zip-archive";

/** One file inside a zip: its path with `/` separators (no leading slash, no `.` or `..`) and its bytes. */
export interface ZipEntry {
  path: string;
  bytes: Uint8Array;
}

/** The files of a zip worth reading, and the entries left out with a reason. */
export interface ZipContents {
  entries: ZipEntry[];
  skipped: SkippedImport[];
}

/** How many bytes the zips of one import may still unpack to; readZip takes from it. */
export interface UnpackBudget {
  remaining: number;
}

/** Why a whole zip is refused (a zip bomb, or not a zip). */
export class ZipRefusedError extends Error {}

/**
 * The entries of a zip, checked from its central directory before anything is inflated: at
 * most MAX_ZIP_ENTRIES entries; an entry declaring more than 10 MB is skipped; when the entries
 * kept would unpack to more than `budget.remaining`, the whole zip is refused (a zip bomb).
 * Entries are then inflated off the event loop and stop at their declared size: an entry that
 * unpacks to more than its directory says refuses the whole zip. Folders, hidden files,
 * `__MACOSX/` and unsafe paths (`..`) are left out.
 * @throws ZipRefusedError
 */
export async function readZip(name: string, bytes: Uint8Array, budget: UnpackBudget): Promise<ZipContents> {
  let zip: ZipArchive;
  try {
    zip = await ZipArchive.open(bytes, { maxEntries: MAX_ZIP_ENTRIES });
  } catch (error) {
    throw error instanceof ZipReadError ? new ZipRefusedError(error.message) : error;
  }
  try {
    const skipped: SkippedImport[] = [];
    const wanted: Array<{ entry: string; path: string }> = [];
    let declared = 0;
    for (const entry of zip.entries()) {
      const path = cleanPath(entry.name);
      if (path === null || entry.name.endsWith("/")) continue;
      if (path === "") {
        skipped.push({ name: `${name}/${entry.name}`, reason: "Its path leaves the zip (`..` or an absolute path)." });
        continue;
      }
      if (entry.declaredSize > MAX_IMPORT_FILE_BYTES) {
        skipped.push({ name: `${name}/${path}`, reason: "It is larger than 10 MB." });
        continue;
      }
      if ((entry.compressionMethod !== 0 && entry.compressionMethod !== 8) || entry.isEncrypted) {
        skipped.push({ name: `${name}/${path}`, reason: entry.isEncrypted ? "It is encrypted." : "It is compressed with a method other than deflate." });
        continue;
      }
      declared += entry.declaredSize;
      wanted.push({ entry: entry.name, path });
    }
    if (declared > budget.remaining) {
      throw new ZipRefusedError(`it would unpack to ${megabytes(declared)}, more than an import may (${megabytes(budget.remaining)} left): refused as a possible zip bomb`);
    }
    budget.remaining -= declared;
    const entries: ZipEntry[] = [];
    for (const { entry, path } of wanted) {
      try {
        entries.push({ path, bytes: await zip.read(entry, MAX_IMPORT_FILE_BYTES) });
      } catch (error) {
        throw error instanceof ZipReadError ? new ZipRefusedError(error.message) : error;
      }
    }
    return { entries, skipped };
  } finally {
    zip.close();
  }
}

/** The entry's path with `/` separators; "" for an unsafe one; null for one that is never content. */
function cleanPath(raw: string): string | null {
  const segments = raw.replace(/\\/g, "/").split("/").filter((segment) => segment !== "" && segment !== ".");
  if (segments.some((segment) => segment === "..") || /^(?:[a-z]:)?[\\/]/i.test(raw)) return "";
  if (segments.length === 0) return null;
  if (segments[0] === "__MACOSX" || segments.some((segment) => segment.startsWith("."))) return null;
  return segments.join("/");
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toLocaleString("en", { maximumFractionDigits: 1 })} MB`;
}
