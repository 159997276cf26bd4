import type { z } from "zod";
import { MAX_TREE_DEPTH } from "@/shared/editor-rules";
import { validationError } from "@/server/errors";
import type { AppError } from "@/server/errors";
import type { ArchiveDocument, ArchiveFile, ArchiveManifest, ArchiveRevision, ArchiveTemplate, ArchiveThread } from "./workspace-archive";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ArchiveContentSchema,
  ArchiveDocumentsSchema,
  ArchiveFilesSchema,
  ArchiveManifestSchema,
  ArchiveRevisionsSchema,
  ArchiveTemplatesSchema,
  ArchiveThreadsSchema,
  ENTRY,
  MAX_ARCHIVE_ENTRIES,
  MAX_ENTRY_BYTES,
  MAX_INFLATED_BYTES,
} from "./workspace-archive";
import { ZipArchive, ZipReadError } from "@/server/storage/zip-archive";

/** A workspace archive, checked: its manifest, its tree (parents first) and its files list; entries read on demand. */
export interface WorkspaceArchive {
  manifest: ArchiveManifest;
  /** Every document, each after its parent. */
  documents: ArchiveDocument[];
  files: ArchiveFile[];
  /** The body of a document of the archive. @throws AppError validation_failed when it is missing or malformed */
  content(documentId: string): Promise<{ ops: unknown[] }>;
  /** Whether the document's Yjs state is in the archive (absent: the document was never written to). */
  hasState(documentId: string): boolean;
  /** The revisions of a document (none when the entry is absent). @throws AppError validation_failed when malformed */
  revisions(documentId: string): Promise<ArchiveRevision[]>;
  /** The comment threads of a document (none when the entry is absent). @throws AppError validation_failed when malformed */
  threads(documentId: string): Promise<ArchiveThread[]>;
  /** The workspace's templates, or null when the archive has none (made before templates were archived). @throws AppError validation_failed when malformed */
  templates(): Promise<ArchiveTemplate[] | null>;
  /** The bytes of a file of the archive. @throws AppError validation_failed when missing or damaged */
  blob(fileId: string): Promise<Uint8Array>;
  /** Releases the zip once the import is done with it. */
  close(): void;
}

/** Why an archive was refused, shown next to the file field (`fields.file`). */
export function archiveError(reason: string): AppError {
  return validationError({ file: reason }, reason);
}

/**
 * Opens a workspace archive and checks everything that can be checked before anything is
 * written: the zip, the format and its version, the tree (every parent present, no cycle,
* depth ≤ 25), the files list and its bytes' presence. Bodies and revisions are checked as
 * they are read. Entries are inflated off the event loop and never past the size the zip's
 * directory declares for them (ZipArchive), so an archive that lies about its sizes is refused
 * as damaged without costing more than it declared.
 * @throws AppError validation_failed (`fields.file` says why)
 */
export async function readWorkspaceArchive(bytes: Uint8Array): Promise<WorkspaceArchive> {
  let zip: ZipArchive;
  try {
    zip = await ZipArchive.open(bytes, { maxEntries: MAX_ARCHIVE_ENTRIES });
  } catch (error) {
    if (error instanceof ZipReadError && error.problem === "not_a_zip") throw archiveError("This file is not a Quire workspace archive (it is not a zip file).");
    if (error instanceof ZipReadError) throw archiveError(`This archive can't be imported: ${error.message}.`);
    throw error;
  }
  try {
    return await checkArchive(zip);
  } catch (error) {
    zip.close();
    throw error;
  }
}

async function checkArchive(zip: ZipArchive): Promise<WorkspaceArchive> {
  if (zip.declaredSize() > MAX_INFLATED_BYTES) throw archiveError("This archive unpacks to more than 1 GB; it can't be imported.");
  const has = (name: string) => zip.entry(name) !== undefined;
  const read = async (name: string, what: string): Promise<Uint8Array> => {
    try {
      return await zip.read(name, MAX_ENTRY_BYTES);
    } catch (error) {
      if (error instanceof ZipReadError) throw archiveError(`The archive is damaged: ${what} can't be read (${error.message}).`);
      throw error;
    }
  };
  const json = async <S extends z.ZodType>(name: string, schema: S, what: string): Promise<z.output<S>> => {
    if (!has(name)) throw archiveError(`The archive is incomplete: ${what} is missing.`);
    const value = parseJson(await read(name, what));
    if (value === undefined) throw archiveError(`The archive is damaged: ${what} can't be read.`);
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw archiveError(`The archive is damaged: ${what} is not valid (${issueOf(parsed.error)}).`);
    return parsed.data;
  };

  const rawManifest = has(ENTRY.manifest) ? parseJson(await read(ENTRY.manifest, "the manifest").catch(() => new Uint8Array())) : undefined;
  if (!isRecord(rawManifest) || rawManifest.format !== ARCHIVE_FORMAT) {
    throw archiveError("This file is not a Quire workspace archive (it has no Quire manifest).");
  }
  if (typeof rawManifest.formatVersion === "number" && rawManifest.formatVersion > ARCHIVE_FORMAT_VERSION) {
    throw archiveError(
      `This archive was made by a newer Quire (archive format ${rawManifest.formatVersion}); this one reads format ${ARCHIVE_FORMAT_VERSION}. Update Quire first.`,
    );
  }
  const manifest = ArchiveManifestSchema.safeParse(rawManifest);
  if (!manifest.success) throw archiveError(`The archive is damaged: the manifest is not valid (${issueOf(manifest.error)}).`);
  const documents = parentsFirst(await json(ENTRY.documents, ArchiveDocumentsSchema, "the document list"));
  const files = await json(ENTRY.files, ArchiveFilesSchema, "the file list");
  const documentIds = new Set(documents.map((d) => d.id));
  const fileIds = new Set<string>();
  for (const file of files) {
    if (fileIds.has(file.id)) throw archiveError(`The archive is damaged: the file ${file.id} is listed twice.`);
    fileIds.add(file.id);
    if (file.documentId !== null && !documentIds.has(file.documentId)) throw archiveError(`The archive is damaged: the file ${file.id} belongs to no document of it.`);
    if (!has(ENTRY.blob(file.id))) throw archiveError(`The archive is incomplete: the bytes of the file ${file.name} are missing.`);
  }
  for (const doc of documents) {
    if (!has(ENTRY.content(doc.id))) throw archiveError(`The archive is incomplete: the text of “${doc.title || "Untitled"}” is missing.`);
  }

  return {
    manifest: manifest.data,
    documents,
    files,
    content: (id) => json(ENTRY.content(id), ArchiveContentSchema, `the text of the document ${id}`),
    hasState: (id) => has(ENTRY.state(id)),
    revisions: async (id) => (has(ENTRY.revisions(id)) ? json(ENTRY.revisions(id), ArchiveRevisionsSchema, `the revisions of the document ${id}`) : []),
    threads: async (id) => (has(ENTRY.comments(id)) ? json(ENTRY.comments(id), ArchiveThreadsSchema, `the comments of the document ${id}`) : []),
    templates: async () => (has(ENTRY.templates) ? json(ENTRY.templates, ArchiveTemplatesSchema, "the template list") : null),
    blob: (id) => read(ENTRY.blob(id), `the bytes of the file ${id}`),
    close: () => zip.close(),
  };
}

/** The documents ordered so each comes after its parent. @throws AppError validation_failed for a missing parent, a cycle, a duplicate id or too deep a tree */
function parentsFirst(docs: ArchiveDocument[]): ArchiveDocument[] {
  const byId = new Map<string, ArchiveDocument>();
  for (const doc of docs) {
    if (byId.has(doc.id)) throw archiveError(`The archive is damaged: the document ${doc.id} is listed twice.`);
    byId.set(doc.id, doc);
  }
  const children = new Map<string | null, ArchiveDocument[]>();
  for (const doc of docs) {
    if (doc.parentId !== null && !byId.has(doc.parentId)) throw archiveError(`The archive is damaged: the parent of “${doc.title || "Untitled"}” is missing.`);
    children.set(doc.parentId, [...(children.get(doc.parentId) ?? []), doc]);
  }
  const ordered: ArchiveDocument[] = [];
  let level = children.get(null) ?? [];
  for (let depth = 1; level.length > 0; depth++) {
    if (depth > MAX_TREE_DEPTH) throw archiveError(`The archive's tree is deeper than ${MAX_TREE_DEPTH} levels.`);
    ordered.push(...level);
    level = level.flatMap((doc) => children.get(doc.id) ?? []);
  }
  // Whatever was never reached hangs in a cycle.
  if (ordered.length !== docs.length) throw archiveError("The archive is damaged: its documents form a cycle.");
  return ordered;
}

/** Where an entry breaks its schema and how: `0.title: titles are at most 200 characters`. */
function issueOf(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "";
  const where = issue.path.join(".");
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** The bytes parsed as UTF-8 JSON, or undefined when they are not JSON. */
function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
