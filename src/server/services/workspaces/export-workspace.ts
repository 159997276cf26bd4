import { and, asc, eq, inArray } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import type { Db } from "@/server/db/client";
import { documents, files, revisions } from "@/server/db/schema";
import type { ArchiveDocument, ArchiveFile, ArchiveManifest, ArchivePerson, ArchiveRevision } from "@/server/formats/archive/workspace-archive";
import { APP_VERSION, ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, ENTRY } from "@/server/formats/archive/workspace-archive";
import { AppError, authorize } from "@/server/errors";
import { recordAuditEvent } from "@/server/services/audit/internal/record-audit-event";
import type { BlobStore } from "@/server/storage/blob-store";
import { getBlobStore } from "@/server/storage/get-blob-store";
import { workspaceAbilities } from "@/server/policies/workspace-policy";
import type { ZipWriter } from "@/server/storage/zip-stream";
import { zipStream } from "@/server/storage/zip-stream";
import { findWorkspaceForMember, WORKSPACE_NOT_FOUND } from "./find-workspace-for-member";
import { ArchivePeople } from "./internal/archive-people";
import { exportCommentThreads } from "./internal/export-comment-threads";
import { exportTemplates } from "./internal/export-templates";

/** A workspace archive on its way out: its file name and its bytes, produced as they are read. */
export interface WorkspaceExport {
  workspace: { id: string; slug: string; name: string };
  filename: string;
  body: ReadableStream<Uint8Array>;
}

// Bodies are read this many documents at a time: bounded memory, few queries.
const DOCUMENT_BATCH = 25;
// Already compressed: deflating them again costs CPU for nothing.
const STORED_AS_IS = new Set(["image/png", "image/jpeg", "image/gif"]);

/**
 * The workspace as a zip archive (format in backup/workspace-archive.ts): every document,
 * trashed ones included (they are still the workspace's for 30 days, and a restore must not lose
 * them), with its tree place, body, Yjs state, revisions and comment threads, every uploaded image
 * and the workspace's templates. Admins and
 * owners. Access is checked before the first byte; the archive is then written as it is read,
 * so memory holds about one batch of documents or one image. An API token of either scope may
 * export it, as its user could.
 * @throws AppError not_found (not a member, or no such workspace) | forbidden (below admin)
 */
export async function exportWorkspace(
  ctx: ServiceContext,
  by: { id: string } | { slug: string },
  blobs: BlobStore = getBlobStore(),
  now: Date = new Date(),
): Promise<WorkspaceExport> {
  const workspace = await findWorkspaceForMember(ctx, by);
  // An API token acts in its own workspace only: any other is as unknown as a missing one.
  if (ctx.grant && ctx.grant.workspaceId !== workspace.id) throw new AppError("not_found", WORKSPACE_NOT_FOUND);
  // An archive is a read: a read token downloads it when its user may (docs/product.md "Roles").
  authorize(workspaceAbilities(workspace.readRole).exportArchive, "Only admins and owners can export the workspace.");
  const stamp = now.toISOString().slice(0, 10);
  // Recorded when the download starts: a stream cut off part-way still handed out what it wrote.
  await recordAuditEvent(ctx, { workspaceId: workspace.id, kind: "workspace.archive_downloaded", target: { id: workspace.id, label: workspace.name } });
  return {
    workspace: { id: workspace.id, slug: workspace.slug, name: workspace.name },
    filename: `${workspace.slug}-${stamp}.quire.zip`,
    body: zipStream((zip) => writeArchive(zip, ctx.db, workspace, blobs, now)),
  };
}

async function writeArchive(zip: ZipWriter, db: Db, workspace: { id: string; slug: string; name: string }, blobs: BlobStore, now: Date): Promise<void> {
  const people = new ArchivePeople(db);
  const tree = await db
    .select({
      id: documents.id,
      parentId: documents.parentId,
      position: documents.position,
      title: documents.title,
      createdAt: documents.createdAt,
      updatedAt: documents.updatedAt,
      deletedAt: documents.deletedAt,
      deletedRootId: documents.deletedRootId,
    })
    .from(documents)
    .where(eq(documents.workspaceId, workspace.id))
    .orderBy(asc(documents.id));

  // A document purged while we read is left out, with its subtree (the tree is written last).
  const written: ArchiveDocument[] = [];
  let revisionCount = 0;
  let commentCount = 0;
  for (let i = 0; i < tree.length; i += DOCUMENT_BATCH) {
    const batch = tree.slice(i, i + DOCUMENT_BATCH);
    const bodies = await db
      .select({ id: documents.id, content: documents.content, ydoc: documents.ydoc })
      .from(documents)
      .where(and(eq(documents.workspaceId, workspace.id), inArray(documents.id, batch.map((d) => d.id))));
    const byId = new Map(bodies.map((b) => [b.id, b]));
    const threads = await exportCommentThreads(db, bodies, people);
    for (const doc of batch) {
      const body = byId.get(doc.id);
      if (!body) continue;
      zip.add(ENTRY.content(doc.id), JSON.stringify(body.content));
      if (body.ydoc) zip.add(ENTRY.state(doc.id), body.ydoc);
      const docRevisions = await revisionsOf(db, doc.id, people);
      zip.add(ENTRY.revisions(doc.id), JSON.stringify(docRevisions));
      revisionCount += docRevisions.length;
      const docThreads = threads.get(doc.id);
      if (docThreads) {
        zip.add(ENTRY.comments(doc.id), JSON.stringify(docThreads));
        commentCount += docThreads.reduce((sum, t) => sum + t.comments.length, 0);
      }
      written.push({
        ...doc,
        createdAt: doc.createdAt.toISOString(),
        updatedAt: doc.updatedAt.toISOString(),
        deletedAt: doc.deletedAt?.toISOString() ?? null,
      });
      await zip.drained();
    }
  }
  const kept = withoutOrphans(written);
  zip.add(ENTRY.documents, JSON.stringify(kept));

  const fileRows = await db.select().from(files).where(eq(files.workspaceId, workspace.id)).orderBy(asc(files.id));
  const keptIds = new Set(kept.map((d) => d.id));
  const archived: ArchiveFile[] = [];
  for (const file of fileRows) {
    const blob = await blobs.get(file.storageKey);
    if (!blob) {
      console.error(`[export] blob missing for file ${file.id}; left out of the archive of workspace ${workspace.id}`);
      continue;
    }
    // Whole: an upload is at most 10 MB, and the stream waits for the reader before the next.
    zip.add(ENTRY.blob(file.id), new Uint8Array(await new Response(blob.stream).arrayBuffer()), { compress: !STORED_AS_IS.has(file.mime) });
    await zip.drained();
    archived.push({
      id: file.id,
      documentId: file.documentId && keptIds.has(file.documentId) ? file.documentId : null,
      name: file.name,
      mime: file.mime,
      size: file.size,
      sha256: file.sha256,
      createdAt: file.createdAt.toISOString(),
    });
  }
  zip.add(ENTRY.files, JSON.stringify(archived));
  const templates = await exportTemplates(db, workspace.id, people);
  zip.add(ENTRY.templates, JSON.stringify(templates));

  const manifest: ArchiveManifest = {
    format: ARCHIVE_FORMAT,
    formatVersion: ARCHIVE_FORMAT_VERSION,
    appVersion: APP_VERSION,
    createdAt: now.toISOString(),
    workspace: { id: workspace.id, name: workspace.name, slug: workspace.slug },
    counts: { documents: kept.length, files: archived.length, revisions: revisionCount, comments: commentCount, templates: templates.length },
  };
  zip.add(ENTRY.manifest, JSON.stringify(manifest, null, 2));
}

async function revisionsOf(db: Db, documentId: string, people: ArchivePeople): Promise<ArchiveRevision[]> {
  const rows = await db
    .select()
    .from(revisions)
    .where(eq(revisions.documentId, documentId))
    .orderBy(asc(revisions.createdAt), asc(revisions.id));
  await people.load(rows.flatMap((r) => [...r.authorIds, ...(r.createdBy ? [r.createdBy] : [])]));
  return rows.map((r) => ({
    kind: r.kind,
    name: r.name,
    title: r.title,
    delta: r.delta,
    size: r.size,
    createdBy: people.get(r.createdBy),
    authors: r.authorIds.map((id) => people.get(id)).filter((p): p is ArchivePerson => p !== null),
    createdAt: r.createdAt.toISOString(),
  }));
}

// Drops documents whose parent did not make it into the archive (purged mid-export), and theirs.
function withoutOrphans(docs: ArchiveDocument[]): ArchiveDocument[] {
  const ids = new Set(docs.map((d) => d.id));
  let changed = true;
  while (changed) {
    changed = false;
    for (const doc of docs) {
      if (ids.has(doc.id) && doc.parentId !== null && !ids.has(doc.parentId)) {
        ids.delete(doc.id);
        changed = true;
      }
    }
  }
  return docs.filter((d) => ids.has(d.id));
}
