import { z } from "zod";
import packageJson from "../../../../package.json";
import { MAX_BODY_CHARS, MAX_TITLE_CHARS, MAX_UPLOAD_BYTES } from "@/shared/editor-rules";
import { COMMENT_REACTIONS, MAX_COMMENT_QUOTE_CHARS } from "@/shared/comments/comment-rules";
import { MAX_TEMPLATE_DESCRIPTION_CHARS, MAX_TEMPLATE_NAME_CHARS, MAX_TEMPLATES_PER_WORKSPACE } from "@/shared/schemas/template";
import { REVISION_KINDS } from "@/shared/revisions";
import { MAX_VERSION_NAME_CHARS } from "@/shared/schemas/revision";
import { oneLine } from "@/shared/schemas/fields";
import { DeltaSchema } from "@/shared/schemas/delta";
import { isStoredMoment } from "@/shared/stored-values";

/**
 * The workspace archive (Settings → Import and export, `GET /api/v1/workspaces/{id}/export`):
 * a zip holding
 *
 * - `manifest.json` — `ArchiveManifest`: the format and its version, the app version, when and
 *   from which workspace it was made, and counts;
 * - `documents.json` — the tree: one `ArchiveDocument` per document, trashed ones included;
 * - `documents/<id>/content.json` — the body as a Quill delta (what import reads);
 * - `documents/<id>/state.bin` — the Yjs state as stored (for other tools; import rebuilds the
 *   state from the delta, since the file ids inside it change);
 * - `documents/<id>/revisions.json` — the document's revisions, oldest first;
 * - `documents/<id>/comments.json` — the document's comment threads (`ArchiveThread`), oldest
 *   first; absent from archives made before comments were archived, and read as none;
 * - `files.json` — one `ArchiveFile` per uploaded image, and `files/<id>` its bytes;
 * - `templates.json` — the workspace's templates (`ArchiveTemplate`); absent from older archives.
 *
 * Ids in the archive are the exporting instance's; import gives everything new ids. People are
 * named by name and email, which import matches to members of the target workspace.
 *
 * Reading holds an archive to the product's own rules (docs/product.md "Validation"), whoever
 * made it: names and titles become one line, as an import of files makes them (tabs and line
 * breaks a space, other control characters dropped: a Quire from before the one-line rule stored
 * them), and what no form or call of the product could have made refuses the archive, naming the
 * entry and the field: a title, name or description past its length, a revision past the body's
 * size, a date PostgreSQL can't store.
 */
export const ARCHIVE_FORMAT = "quire-workspace";
export const ARCHIVE_FORMAT_VERSION = 1;
export const APP_VERSION: string = packageJson.version;

/** The largest archive import accepts (docs/product.md "Validation" "imports 50 MB"). */
export const MAX_ARCHIVE_BYTES = 50 * 1024 * 1024;
/** Room for the multipart envelope around a full-size archive. */
export const ARCHIVE_FORM_MARGIN_BYTES = 64 * 1024;
/** Refuses zip bombs: what the entries may add up to once inflated. */
export const MAX_INFLATED_BYTES = 1024 * 1024 * 1024;
/** The most one entry may declare (the largest is a body at 1,000,000 characters, or the document list). */
export const MAX_ENTRY_BYTES = 256 * 1024 * 1024;
/** Entries an archive may list: per document its body, state and revisions, per file its bytes. */
export const MAX_ARCHIVE_ENTRIES = 200_000;

export const ENTRY = {
  manifest: "manifest.json",
  documents: "documents.json",
  files: "files.json",
  content: (documentId: string) => `documents/${documentId}/content.json`,
  state: (documentId: string) => `documents/${documentId}/state.bin`,
  revisions: (documentId: string) => `documents/${documentId}/revisions.json`,
  comments: (documentId: string) => `documents/${documentId}/comments.json`,
  templates: "templates.json",
  blob: (fileId: string) => `files/${fileId}`,
} as const;

const Id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "an id of letters, digits, - and _");
const Timestamp = z.iso.datetime({ offset: true }).refine((value) => isStoredMoment(Date.parse(value)), "a date between the years 1 and 9999");

/** A name or title as one line (oneLine), then at most `max` characters, as the product's fields take it. */
function oneLineText(max: number, what: string) {
  return z
    .string()
    .transform(oneLine)
    .pipe(z.string().max(max, `${what} are at most ${max.toLocaleString("en")} characters`));
}

export const ArchiveManifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int().positive(),
  appVersion: z.string(),
  createdAt: Timestamp,
  workspace: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
  counts: z.object({
    documents: z.number().int(),
    files: z.number().int(),
    revisions: z.number().int(),
    // Absent from archives made before comments and templates were archived.
    comments: z.number().int().optional(),
    templates: z.number().int().optional(),
  }),
});
export type ArchiveManifest = z.infer<typeof ArchiveManifestSchema>;

export const ArchiveDocumentSchema = z.object({
  id: Id,
  parentId: Id.nullable(),
  /** A fractional-indexing key among its siblings. */
  position: z.string().regex(/^[0-9A-Za-z]{1,200}$/),
  title: oneLineText(MAX_TITLE_CHARS, "titles"),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** Set for trashed documents (and their trashed descendants). */
  deletedAt: Timestamp.nullable(),
  /** The document whose trashing took this one with it. */
  deletedRootId: Id.nullable(),
});
export type ArchiveDocument = z.infer<typeof ArchiveDocumentSchema>;
export const ArchiveDocumentsSchema = z.array(ArchiveDocumentSchema);

export const ArchiveFileSchema = z.object({
  id: Id,
  /** null: its document was purged (the image may still show elsewhere). */
  documentId: Id.nullable(),
  name: z.string().max(255),
  mime: z.string(),
  size: z.number().int().min(0).max(MAX_UPLOAD_BYTES),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  createdAt: Timestamp,
});
export type ArchiveFile = z.infer<typeof ArchiveFileSchema>;
export const ArchiveFilesSchema = z.array(ArchiveFileSchema);

/**
 * A body, revision, comment or template delta: held to the API's delta rules when read (insert ops,
 * flat formats; a payload nested thousands deep is refused before a worker sees it), and typed as
 * loosely as the stored deltas export writes.
 */
const ArchiveDeltaSchema: z.ZodType<{ ops: unknown[] }> = DeltaSchema;

/** A person named by a revision; import matches them to members of the target workspace by email. */
const ArchivePersonSchema = z.object({ name: z.string(), email: z.string() });
export type ArchivePerson = z.infer<typeof ArchivePersonSchema>;

export const ArchiveRevisionSchema = z.object({
  kind: z.enum(REVISION_KINDS),
  /** A version's name (`named`); null otherwise, and import keeps one left empty as null. */
  name: oneLineText(MAX_VERSION_NAME_CHARS, "version names").nullable(),
  title: oneLineText(MAX_TITLE_CHARS, "titles"),
  delta: ArchiveDeltaSchema,
  /** Characters of plain text: never past a body's limit. */
  size: z.number().int().min(0).max(MAX_BODY_CHARS, `sizes are at most ${MAX_BODY_CHARS.toLocaleString("en")} characters`),
  createdBy: ArchivePersonSchema.nullable(),
  authors: z.array(ArchivePersonSchema),
  createdAt: Timestamp,
});
export type ArchiveRevision = z.infer<typeof ArchiveRevisionSchema>;
export const ArchiveRevisionsSchema = z.array(ArchiveRevisionSchema);

/** The body entry: a delta. */
export const ArchiveContentSchema = ArchiveDeltaSchema;

/**
 * Where a thread's words are in the document's body, in the body's index space (the delta's):
 * Yjs anchors name the exporting instance's edits, which import does not keep, so the archive
 * holds offsets. Length 0: the words were deleted, and `index` is where they stood (the thread
 * shows "on deleted text" with its quote). null: a thread on the whole document.
 */
export const ArchiveAnchorSchema = z.object({ index: z.number().int().min(0), length: z.number().int().min(0) });
export type ArchiveAnchor = z.infer<typeof ArchiveAnchorSchema>;

export const ArchiveCommentSchema = z.object({
  author: ArchivePersonSchema.nullable(),
  /** A comment delta (text, bold, italic, code, links, mentions); empty when `deletedAt` is set. */
  body: ArchiveDeltaSchema,
  createdAt: Timestamp,
  editedAt: Timestamp.nullable(),
  /** Set for a thread's first comment deleted while replies remain. */
  deletedAt: Timestamp.nullable(),
  reactions: z.array(z.object({ emoji: z.enum(COMMENT_REACTIONS), by: ArchivePersonSchema })),
});
export type ArchiveComment = z.infer<typeof ArchiveCommentSchema>;

export const ArchiveThreadSchema = z.object({
  anchor: ArchiveAnchorSchema.nullable(),
  quote: z.string().max(MAX_COMMENT_QUOTE_CHARS),
  createdBy: ArchivePersonSchema.nullable(),
  createdAt: Timestamp,
  resolvedAt: Timestamp.nullable(),
  resolvedBy: ArchivePersonSchema.nullable(),
  /** The opening comment first, then the replies, oldest first. */
  comments: z.array(ArchiveCommentSchema).min(1),
});
export type ArchiveThread = z.infer<typeof ArchiveThreadSchema>;
export const ArchiveThreadsSchema = z.array(ArchiveThreadSchema);

export const ArchiveTemplateSchema = z.object({
  name: oneLineText(MAX_TEMPLATE_NAME_CHARS, "template names"),
  description: oneLineText(MAX_TEMPLATE_DESCRIPTION_CHARS, "descriptions"),
  body: ArchiveDeltaSchema,
  /** Which built-in template it was seeded from ("meeting-notes"…); null for members' own. */
  builtInKey: z.string().max(64).nullable(),
  createdBy: ArchivePersonSchema.nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type ArchiveTemplate = z.infer<typeof ArchiveTemplateSchema>;
export const ArchiveTemplatesSchema = z.array(ArchiveTemplateSchema).max(MAX_TEMPLATES_PER_WORKSPACE);
