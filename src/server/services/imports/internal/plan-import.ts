import type { ImportKind } from "@/shared/import";
import { MAX_IMPORT_BYTES } from "@/shared/editor-rules";
import { MAX_IMPORT_FILE_BYTES, MAX_IMPORT_UNPACKED_BYTES, importKindOf, titleFromFileName } from "@/shared/import";
import type { SkippedImport } from "@/shared/schemas/import";
import type { UnpackBudget } from "@/server/formats/import/read-zip";
import { ZipRefusedError, readZip } from "@/server/formats/import/read-zip";

/** A file to import as its client named it. */
export interface ImportFile {
  name: string;
  bytes: Uint8Array;
}

/** A document file's kind and content; `folder` is where relative image paths start from. */
export interface ImportSource {
  kind: Exclude<ImportKind, "zip">;
  bytes: Uint8Array;
  /** The zip the file came from (images resolve inside it), or null for a file sent alone. */
  zip: string | null;
  /** The file's folder inside its zip ("" at the zip's root). */
  folder: string;
  /** Where the file came from, for the summary (a folder's body keeps its own name there). */
  path: string;
}

/** One document to create: from a file, or a folder (empty, or with its index file as body). */
export interface ImportNode {
  /** The folder or file name (it sorts the siblings). */
  name: string;
  /** Where it came from, for the summary: `notes.md`, `handbook.zip/guides/setup.md`. */
  path: string;
  /** The title when the body doesn't start with a level-1 heading. */
  fallbackTitle: string;
  source: ImportSource | null;
  children: ImportNode[];
}

/** The documents to create in tree order, the images zips hold, and what can't be imported. */
export interface ImportPlan {
  roots: ImportNode[];
  /** Images and other files of each zip, by `zipName/path`, for documents that refer to them. */
  resources: Map<string, Uint8Array>;
  skipped: SkippedImport[];
}

const INDEX_NAMES = ["index.md", "index.markdown", "readme.md", "readme.markdown"];

/**
 * Turns the files of one import into a tree of documents: a Markdown, HTML or DOCX file is a
 * document; a zip's folders become documents holding their files (a folder's `index.md` or
 * `README.md`, or a file named like the folder next to it, is the folder's body); siblings are
 * ordered by name. Files over 10 MB (a zip: over the 50 MB of a request), other types and
 * unreadable or oversized zips are listed in `skipped`. Nothing is stored; zips are inflated
 * off the event loop (readZip).
 */
export async function planImport(files: readonly ImportFile[]): Promise<ImportPlan> {
  const plan: ImportPlan = { roots: [], resources: new Map(), skipped: [] };
  const budget: UnpackBudget = { remaining: MAX_IMPORT_UNPACKED_BYTES };
  const top = folderNode("", "");
  for (const file of files) {
    const kind = importKindOf(file.name);
    if (kind === null) {
      plan.skipped.push({ name: file.name, reason: "Only Markdown (.md), HTML (.html), Word (.docx) and zip files can be imported." });
    } else if (kind === "zip") {
      await addZip(plan, top, file, budget);
    } else if (file.bytes.byteLength > MAX_IMPORT_FILE_BYTES) {
      plan.skipped.push({ name: file.name, reason: "It is larger than 10 MB." });
    } else {
      top.children.push(fileNode(file.name, file.name, { kind, bytes: file.bytes, zip: null, folder: "", path: file.name }));
    }
  }
  plan.roots = arrange(top).children;
  return plan;
}

async function addZip(plan: ImportPlan, top: ImportNode, file: ImportFile, budget: UnpackBudget): Promise<void> {
  if (file.bytes.byteLength > MAX_IMPORT_BYTES) {
    plan.skipped.push({ name: file.name, reason: "It is larger than 50 MB." });
    return;
  }
  let contents;
  try {
    contents = await readZip(file.name, file.bytes, budget);
  } catch (error) {
    if (!(error instanceof ZipRefusedError)) throw error;
    plan.skipped.push({ name: file.name, reason: `The zip was not imported: ${error.message}.` });
    return;
  }
  plan.skipped.push(...contents.skipped);
  for (const entry of contents.entries) {
    const segments = entry.path.split("/");
    const fileName = segments.pop() ?? entry.path;
    const kind = importKindOf(fileName);
    if (kind === null) {
      plan.resources.set(`${file.name}/${entry.path}`, entry.bytes);
      continue;
    }
    if (kind === "zip") {
      plan.skipped.push({ name: `${file.name}/${entry.path}`, reason: "Zips inside a zip are not read; import it on its own." });
      continue;
    }
    let parent = top;
    let folderPath = file.name;
    for (const segment of segments) {
      folderPath = `${folderPath}/${segment}`;
      parent = childFolder(parent, segment, folderPath);
    }
    const path = `${file.name}/${entry.path}`;
    parent.children.push(fileNode(fileName, path, { kind, bytes: entry.bytes, zip: file.name, folder: segments.join("/"), path }));
  }
}

/**
 * Which of several files named like a folder is its body (a zip holding one tree exported as
 * Markdown and again as Word has both `notes.md` and `notes.docx` beside `notes/`): Markdown,
 * then HTML, then Word, each kind in the zip's order. The others stay documents of their own,
 * beside the folder, as every file did before a Word file could be a folder's body.
 */
const TWIN_ORDER: readonly ImportSource["kind"][] = ["markdown", "html", "docx"];

/** Merges index files and same-named files into their folders, then sorts every level by name. */
function arrange(node: ImportNode): ImportNode {
  const folders = node.children.filter((child) => child.source === null);
  for (const folder of folders) {
    const index = folder.children.find((child) => child.source && INDEX_NAMES.includes(child.name.toLowerCase()));
    // A tree exported with its children is `<name>.<format>` beside a folder `<name>/`, in every
    // export format (services/documents/export-document-tree.ts).
    const twins = node.children.filter((child) => child.source && titleFromFileName(child.name) === folder.name);
    const twin = TWIN_ORDER.flatMap((kind) => twins.filter((child) => child.source?.kind === kind))[0];
    const body = index ?? twin;
    if (!body) continue;
    folder.source = body.source;
    if (index) folder.children = folder.children.filter((child) => child !== index);
    else node.children = node.children.filter((child) => child !== twin);
  }
  node.children = node.children.map(arrange).sort((a, b) => a.name.localeCompare(b.name, "en", { numeric: true, sensitivity: "base" }) || (a.name < b.name ? -1 : 1));
  return node;
}

function childFolder(parent: ImportNode, name: string, path: string): ImportNode {
  const existing = parent.children.find((child) => child.source === null && child.name === name);
  if (existing) return existing;
  const folder = folderNode(name, path);
  parent.children.push(folder);
  return folder;
}

function folderNode(name: string, path: string): ImportNode {
  return { name, path, fallbackTitle: name, source: null, children: [] };
}

function fileNode(name: string, path: string, source: ImportSource): ImportNode {
  return { name, path, fallbackTitle: titleFromFileName(name), source, children: [] };
}
