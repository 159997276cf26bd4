import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { generateKeyBetween } from "fractional-indexing";
import type { CreateWorkspaceInput } from "@/shared/schemas/workspace";
import { MAX_BODY_CHARS, MAX_UPLOAD_BYTES } from "@/shared/editor-rules";
import type { ServiceContext } from "@/server/context";
import type { Db } from "@/server/db/client";
import { documents, files, memberships, revisions, users } from "@/server/db/schema";
import { segmentedTitle } from "@/server/db/word-breaks";
import { archiveError, readWorkspaceArchive } from "@/server/formats/archive/read-workspace-archive";
import type { WorkspaceArchive } from "@/server/formats/archive/read-workspace-archive";
import { remapImageUrls } from "@/server/formats/archive/remap-image-urls";
import { newDocumentId } from "@/server/services/documents/internal/new-document-id";
import { sanitizeDelta } from "@/server/body/sanitize-delta";
import { bodyWork } from "@/server/workers/body-work";
import { AppError, authorize, loggableError } from "@/server/errors";
import type { BlobStore } from "@/server/storage/blob-store";
import { newBlobKey } from "@/server/storage/blob-store";
import { getBlobStore } from "@/server/storage/get-blob-store";
import { detectImageType } from "@/server/storage/detect-image-type";
import { workspaceAbilities } from "@/server/policies/workspace-policy";
import { cleanFileName, newFileId } from "@/server/services/files/internal/file-names";
import { withTreeLock } from "@/server/services/documents/internal/document-tree";
import { createWorkspace } from "./create-workspace";
import { findWorkspaceForMember, WORKSPACE_NOT_FOUND } from "./find-workspace-for-member";
import { hasDocuments } from "./internal/has-documents";
import { createStagingWorkspace, deleteWorkspaceRows, moveImported, removeStaleStagingWorkspaces } from "./internal/import-staging";
import { memberFor } from "./internal/archive-people";
import { importCommentThreads } from "./internal/import-comment-threads";
import { importTemplates } from "./internal/import-templates";

/** Where an archive goes: a new workspace the caller will own, or an empty one they administer. */
export type ImportTarget = { create: CreateWorkspaceInput } | { into: { id: string } | { slug: string } };

/** What an import made. */
export interface ImportedWorkspace {
  workspace: { id: string; slug: string; name: string };
  counts: { documents: number; files: number; revisions: number; comments: number; templates: number };
}

export const NOT_EMPTY_MESSAGE = "This workspace already has documents. Import into an empty workspace, or into a new one.";
const BATCH = 25;

/**
 * Imports a workspace archive (exportWorkspace's format) into a new workspace, or into an existing
 * workspace with no documents whose admin or owner the caller is. Everything gets a new id: the
 * tree (parents, order, titles, trash state), bodies (image addresses rewritten to the new file
 * ids, the Yjs state rebuilt from the delta), images, revisions, comment threads (anchored again
 * on the same words) and templates (importTemplates says how they merge). People named by the
 * archive (revision and comment authors) are matched to members of the target workspace by email;
 * others are left out (ids mean nothing here).
 * The archive is checked before anything is written; a failure part-way removes what was added.
 * Into an existing workspace nothing shows until the import is complete, and it lands only if the
 * workspace is still empty then (importIntoExisting).
 * @throws AppError validation_failed (`file`: a bad archive; `slug`: taken) | not_found | forbidden | conflict (not empty) | too_large (a body)
 */
export async function importWorkspace(
  ctx: ServiceContext,
  target: ImportTarget,
  bytes: Uint8Array,
  blobs: BlobStore = getBlobStore(),
): Promise<ImportedWorkspace> {
  // Checked first too, so a workspace that has documents is refused before the archive is read.
  const existing = "into" in target ? await findEmptyTarget(ctx, target.into) : null;
  // An API token acts in its own workspace only (docs/product.md "Roles"): it can't make a new one.
  if (!existing && ctx.grant) authorize(false, "An API token acts in one workspace: import into that workspace, or sign in to import into a new one.");
  const archive = await readWorkspaceArchive(bytes);
  try {
    if (existing) return await importIntoExisting(ctx, existing, archive, blobs);
    return await importIntoNew(ctx, "create" in target ? target.create : { name: "", slug: "" }, archive, blobs);
  } finally {
    archive.close();
  }
}

async function findEmptyTarget(ctx: ServiceContext, by: { id: string } | { slug: string }) {
  const workspace = await findWorkspaceForMember(ctx, by);
  if (ctx.grant && ctx.grant.workspaceId !== workspace.id) throw new AppError("not_found", WORKSPACE_NOT_FOUND);
  authorize(workspaceAbilities(workspace.role).importArchive, "Only admins and owners can import into this workspace.");
  if (await hasDocuments(ctx.db, workspace.id)) throw new AppError("conflict", NOT_EMPTY_MESSAGE);
  return workspace;
}

/** Into a new workspace, which only the caller belongs to: a failure deletes it. */
async function importIntoNew(ctx: ServiceContext, input: CreateWorkspaceInput, archive: WorkspaceArchive, blobs: BlobStore): Promise<ImportedWorkspace> {
  const workspace = await createWorkspace(ctx, input);
  const written: string[] = [];
  try {
    const members = await memberIdsByEmail(ctx.db, workspace.id);
    const filled = await fill(ctx, { workspaceId: workspace.id, members }, archive, blobs, written);
    const templates = await archive.templates();
    const templateCount = templates ? await importTemplates(ctx.db, { workspaceId: workspace.id, isNew: true }, templates, filled.newFileIds, members) : 0;
    return { workspace: { id: workspace.id, slug: workspace.slug, name: workspace.name }, counts: { ...filled.counts, templates: templateCount } };
  } catch (error) {
    await undo(ctx.db, workspace.id, written, blobs);
    throw error;
  }
}

/**
 * Into an existing workspace, whose members are working meanwhile. The archive is written into a
 * staging workspace nobody belongs to (internal/import-staging.ts), so none of it can be seen or
 * edited while it is incomplete, and a failure deletes exactly what this import wrote, never a
 * member's document. Then one transaction under the target's tree lock (which creating a document
 * takes too) checks that the target is still empty, adds the templates and moves everything in: of
 * two imports at once, or an import and a document made meanwhile, the one that commits first wins
 * and the import that comes second gets 409. The fill (bodies rendered, images checked, most of
 * the time) stays outside any transaction: on PGlite a transaction holds the one connection every
 * request needs, so only the move does (docs/architecture.md "Backup").
 */
async function importIntoExisting(ctx: ServiceContext, target: { id: string; slug: string; name: string }, archive: WorkspaceArchive, blobs: BlobStore): Promise<ImportedWorkspace> {
  await removeStaleStagingWorkspaces(ctx.db, blobs).catch((cleanup: unknown) => console.error(`[import] could not remove stale staging workspaces: ${loggableError(cleanup)}`));
  const staging = await createStagingWorkspace(ctx.db, ctx.actor.id);
  const written: string[] = [];
  let counts: ImportedWorkspace["counts"];
  try {
    const members = await memberIdsByEmail(ctx.db, target.id);
    const filled = await fill(ctx, { workspaceId: staging.id, members }, archive, blobs, written);
    const templates = await archive.templates();
    const templateCount = await withTreeLock(ctx.db, target.id, async (tx) => {
      if (await hasDocuments(tx, target.id)) throw new AppError("conflict", NOT_EMPTY_MESSAGE);
      // First: templates past the limit (409) are refused before the documents' costlier move.
      const count = templates ? await importTemplates(tx, { workspaceId: target.id, isNew: false }, templates, filled.newFileIds, members) : 0;
      await moveImported(tx, filled.ids, target.id);
      return count;
    });
    counts = { ...filled.counts, templates: templateCount };
  } catch (error) {
    await undo(ctx.db, staging.id, written, blobs);
    throw error;
  }
  // Empty now: what it held is the target's.
  await deleteWorkspaceRows(ctx.db, staging.id).catch((cleanup: unknown) => console.error(`[import] could not delete the staging workspace ${staging.id}: ${loggableError(cleanup)}`));
  return { workspace: { id: target.id, slug: target.slug, name: target.name }, counts };
}

interface FillTarget {
  /** Where the rows go: the new workspace, or the staging one. */
  workspaceId: string;
  /** The target workspace's members by lower-cased email, for the archive's people. */
  members: ReadonlyMap<string, string>;
}

async function fill(ctx: ServiceContext, target: FillTarget, archive: WorkspaceArchive, blobs: BlobStore, written: string[]) {
  const { workspaceId, members: authors } = target;
  const newDocIds = new Map(archive.documents.map((d) => [d.id, newDocumentId()]));
  const newFileIds = new Map(archive.files.map((f) => [f.id, newFileId()]));
  const mapDoc = (id: string | null) => (id === null ? null : (newDocIds.get(id) ?? null));
  let revisionCount = 0;
  let commentCount = 0;

  for (let i = 0; i < archive.documents.length; i += BATCH) {
    const batch = archive.documents.slice(i, i + BATCH);
    const rows = [];
    for (const doc of batch) {
      const { ops } = await archive.content(doc.id);
      // Never written to (no state, the empty body): keep it that way, as the editor would see it.
      const body = !archive.hasState(doc.id) && isEmptyBody(ops) ? null : await bodyWork().build({ ops: remapImageUrls(ops, newFileIds) });
      if (body && body.text.length > MAX_BODY_CHARS) {
        throw new AppError("too_large", `“${doc.title || "Untitled"}” holds more than ${MAX_BODY_CHARS.toLocaleString("en")} characters.`);
      }
      assertPosition(doc.position);
      rows.push({
        id: newDocIds.get(doc.id) as string, // every archive document has one, made above
        workspaceId,
        parentId: mapDoc(doc.parentId),
        position: doc.position,
        title: doc.title, // one line, trimmed (ArchiveDocumentSchema)
        segmentedTitle: segmentedTitle(doc.title),
        ...(body && { ydoc: body.ydoc, content: body.content, text: body.text, html: body.html, segmentedText: body.segmentedText }),
        createdBy: ctx.actor.id,
        updatedBy: ctx.actor.id,
        createdAt: new Date(doc.createdAt),
        updatedAt: new Date(doc.updatedAt),
        deletedAt: doc.deletedAt ? new Date(doc.deletedAt) : null,
        deletedRootId: doc.deletedAt ? (mapDoc(doc.deletedRootId) ?? mapDoc(doc.id)) : null,
      });
    }
    await ctx.db.insert(documents).values(rows);
    // Threads go in with their document's batch, while its new Yjs state (their anchors' frame) is at hand.
    for (const [n, doc] of batch.entries()) {
      const row = rows[n];
      if (!row) continue;
      const threads = await archive.threads(doc.id);
      commentCount += await importCommentThreads(ctx.db, { id: row.id, workspaceId, title: row.title, ydoc: row.ydoc ?? null }, threads, authors);
    }
  }

  for (const doc of archive.documents) {
    const rows = (await archive.revisions(doc.id)).map((rev) => ({
      documentId: newDocIds.get(doc.id) as string,
      workspaceId,
      kind: rev.kind,
      name: rev.name || null, // a name that was only control characters and spaces: none
      title: rev.title,
      delta: sanitizeDelta({ ops: remapImageUrls(rev.delta.ops, newFileIds) }).delta,
      size: rev.size,
      createdBy: memberFor(authors, rev.createdBy),
      authorIds: [...new Set(rev.authors.map((p) => memberFor(authors, p)).filter((id): id is string => id !== null))],
      createdAt: new Date(rev.createdAt),
      updatedAt: new Date(rev.createdAt),
    }));
    for (let i = 0; i < rows.length; i += BATCH) await ctx.db.insert(revisions).values(rows.slice(i, i + BATCH));
    revisionCount += rows.length;
  }

  for (const file of archive.files) {
    const bytes = await archive.blob(file.id);
    if (bytes.byteLength > MAX_UPLOAD_BYTES) throw archiveError(`The image ${file.name} is larger than 10 MB.`);
    // The bytes decide the type, as for an upload: never the archive's word.
    const mime = await detectImageType(bytes);
    if (!mime) throw archiveError(`The file ${file.name} is not a PNG, GIF, JPEG, BMP or ICO image.`);
    const storageKey = newBlobKey();
    written.push(storageKey);
    await blobs.put(storageKey, bytes);
    await ctx.db.insert(files).values({
      id: newFileIds.get(file.id) as string,
      workspaceId,
      documentId: mapDoc(file.documentId),
      uploaderId: ctx.actor.id,
      name: cleanFileName(file.name),
      mime,
      size: bytes.byteLength,
      sha256: crypto.createHash("sha256").update(bytes).digest("hex"),
      storageKey,
      createdAt: new Date(file.createdAt),
    });
  }
  return {
    counts: { documents: archive.documents.length, files: archive.files.length, revisions: revisionCount, comments: commentCount },
    ids: { documents: [...newDocIds.values()], files: [...newFileIds.values()] },
    newFileIds,
  };
}

/** Takes back a failed import: the workspace it wrote into (new or staging, so only its rows) and the blobs it stored. */
async function undo(db: Db, workspaceId: string, blobKeys: string[], blobs: BlobStore) {
  try {
    await deleteWorkspaceRows(db, workspaceId);
    for (const key of blobKeys) await blobs.delete(key);
  } catch (cleanup) {
    console.error(`[import] could not remove a failed import from workspace ${workspaceId}: ${loggableError(cleanup)}`);
  }
}

async function memberIdsByEmail(db: Db, workspaceId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.workspaceId, workspaceId));
  return new Map(rows.map((r) => [r.email.toLowerCase(), r.id]));
}

function isEmptyBody(ops: unknown[]): boolean {
  return JSON.stringify(ops) === JSON.stringify([{ insert: "\n" }]);
}

// A key fractional-indexing can't continue from would break the next move among its siblings.
function assertPosition(position: string) {
  try {
    generateKeyBetween(position, null);
  } catch {
    throw archiveError("The archive is damaged: a document has an invalid position.");
  }
}
