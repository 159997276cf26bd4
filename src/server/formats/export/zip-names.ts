import { asciiFileName } from "./file-names";

/**
 * Hands out file names among one folder's entries: the title's ASCII name (asciiFileName: its
 * slug, "untitled" for none), made unique with -2, -3… Compared without case, since a zip
 * unpacked on macOS or Windows would merge "Notes" and "notes".
 */
export class SiblingNames {
  private readonly taken = new Set<string>();

  /** @param reserved names already used in this folder (e.g. the bundle's "images"). */
  constructor(reserved: readonly string[] = []) {
    for (const name of reserved) this.taken.add(name.toLowerCase());
  }

  /** A name for a document titled `title`, unique in this folder. */
  next(title: string): string {
    const base = asciiFileName(title);
    let name = base;
    for (let n = 2; this.taken.has(name.toLowerCase()); n += 1) name = `${base}-${n}`;
    this.taken.add(name.toLowerCase());
    return name;
  }
}
