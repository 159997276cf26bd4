import { and, eq } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import type { Db } from "@/server/db/client";
import { documents, files, memberships, workspaces } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { effectiveRole } from "@/server/auth/effective-role";
import type { BlobStore } from "@/server/storage/blob-store";
import { getBlobStore } from "@/server/storage/get-blob-store";
import { documentAbilities } from "@/server/policies/document-policy";

export const FILE_NOT_FOUND = "This file could not be found.";

/** A stored file the caller may read; the bytes are opened only when needed (not for a 304). */
export interface ReadableFile {
  id: string;
  name: string;
  mime: string;
  size: number;
  sha256: string;
  /** The bytes. @throws AppError not_found when the blob has gone missing */
  open(): Promise<ReadableStream<Uint8Array>>;
}

/**
 * The file with `fileId` if the actor may read its document — trashed documents included,
 * since an image pasted elsewhere must keep showing — or, for a file whose document was
 * purged, if the actor is a member of its workspace. Everything else is not_found.
 * @throws AppError not_found | TwoFactorRequiredError (forbidden)
 */
export async function readFile(ctx: ServiceContext, fileId: string, blobs: BlobStore = getBlobStore()): Promise<ReadableFile> {
  if (!isFileId(fileId)) throw new AppError("not_found", FILE_NOT_FOUND);
  const [row] = await ctx.db
    .select({ ...FILE_COLUMNS, workspaceId: files.workspaceId, actorRole: memberships.role, requireTwoFactor: workspaces.requireTwoFactor, deletedAt: documents.deletedAt })
    .from(files)
    .innerJoin(memberships, and(eq(memberships.workspaceId, files.workspaceId), eq(memberships.userId, ctx.actor.id)))
    .innerJoin(workspaces, eq(workspaces.id, files.workspaceId))
    .leftJoin(documents, eq(documents.id, files.documentId))
    .where(eq(files.id, fileId))
    .limit(1);
  // A file shares its document's workspace, so the workspace role is the document role.
  const actorRole = row ? effectiveRole({ role: row.actorRole, workspaceId: row.workspaceId, requireTwoFactor: row.requireTwoFactor }, ctx) : null;
  if (!row || !documentAbilities({ actorRole, isTrashed: row.deletedAt !== null }).read) {
    throw new AppError("not_found", FILE_NOT_FOUND);
  }
  return readableFile(row, blobs);
}

/** The file row without any access check; callers must have decided access already. */
export async function findFileRow(db: Db, fileId: string) {
  if (!isFileId(fileId)) return null;
  const [row] = await db.select(FILE_COLUMNS).from(files).where(eq(files.id, fileId)).limit(1);
  return row ?? null;
}

// What newFileId makes (base64url), with room for others: anything else (a NUL byte from a
// hand-typed path) names no file, and gets that answer before the query would fail on it.
function isFileId(fileId: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(fileId);
}

/** Wraps a file row so its blob is opened on demand. */
export function readableFile(row: FileRow, blobs: BlobStore): ReadableFile {
  const { storageKey, ...meta } = row;
  return {
    ...meta,
    open: async () => {
      const blob = await blobs.get(storageKey);
      if (!blob) {
        console.error(`[files] blob missing for file ${meta.id}`);
        throw new AppError("not_found", FILE_NOT_FOUND);
      }
      return blob.stream;
    },
  };
}

const FILE_COLUMNS = {
  id: files.id,
  name: files.name,
  mime: files.mime,
  size: files.size,
  sha256: files.sha256,
  storageKey: files.storageKey,
};

type FileRow = { [K in keyof typeof FILE_COLUMNS]: (typeof FILE_COLUMNS)[K]["_"]["data"] };
