import { unzipSync } from "fflate";
import { MAX_IMPORT_FILE_BYTES, MAX_ZIP_ENTRIES } from "../../shared/import";
import type { SkippedImport } from "../../shared/schemas/import";

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
 * Inflating writes into a buffer of the declared size, so an entry that lies about its size
 * can't grow past it. Folders, hidden files, `__MACOSX/` and unsafe paths (`..`) are left out.
 * @throws ZipRefusedError
 */
export function readZip(name: string, bytes: Uint8Array, budget: UnpackBudget): ZipContents {
  const skipped: SkippedImport[] = [];
  const wanted = new Map<string, string>(); // entry name → clean path
  let count = 0;
  let declared = 0;
  try {
    unzipSync(bytes, {
      filter(file) {
        count += 1;
        if (count > MAX_ZIP_ENTRIES) throw new ZipRefusedError(`it holds more than ${MAX_ZIP_ENTRIES.toLocaleString("en")} entries`);
        const path = cleanPath(file.name);
        if (path === null || file.name.endsWith("/")) return false;
        if (path === "") {
          skipped.push({ name: `${name}/${file.name}`, reason: "Its path leaves the zip (`..` or an absolute path)." });
          return false;
        }
        if (file.originalSize > MAX_IMPORT_FILE_BYTES) {
          skipped.push({ name: `${name}/${path}`, reason: "It is larger than 10 MB." });
          return false;
        }
        if (file.compression !== 0 && file.compression !== 8) {
          skipped.push({ name: `${name}/${path}`, reason: "It is compressed with a method other than deflate." });
          return false;
        }
        declared += file.originalSize;
        wanted.set(file.name, path);
        return false; // this first pass only reads the directory
      },
    });
  } catch (error) {
    if (error instanceof ZipRefusedError) throw error;
    throw new ZipRefusedError("it is not a readable zip file");
  }
  if (declared > budget.remaining) {
    throw new ZipRefusedError(`it would unpack to ${megabytes(declared)}, more than an import may (${megabytes(budget.remaining)} left): refused as a possible zip bomb`);
  }
  budget.remaining -= declared;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (file) => wanted.has(file.name) });
  } catch {
    throw new ZipRefusedError("it is not a readable zip file");
  }
  const entries = Object.entries(files).map(([entryName, data]) => ({ path: wanted.get(entryName) ?? entryName, bytes: data }));
  return { entries, skipped };
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
