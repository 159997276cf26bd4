import type { ServiceContext } from "@/server/context";
import { MAX_TREE_DEPTH } from "@/shared/editor-rules";
import { documentSegment } from "@/shared/document-slug";
import { MAX_IMPORT_DOCUMENTS } from "@/shared/import";
import type { ImportSummary, SkippedImport } from "@/shared/schemas/import";
import type { BodyDelta } from "@/server/body/sanitize-delta";
import { AppError, authorize } from "@/server/errors";
import type { BlobStore } from "@/server/storage/blob-store";
import { getBlobStore } from "@/server/storage/get-blob-store";
import { takeTitle } from "@/server/formats/import/take-title";
import { isUnreadableFileError } from "@/server/formats/import/unreadable-file-error";
import { bodyWork } from "@/server/workers/body-work";
import { workspaceAbilities } from "@/server/policies/workspace-policy";
import { createDocument } from "@/server/services/documents/create-document";
import { parentDepth } from "@/server/services/documents/internal/document-tree";
import { uploadImage } from "@/server/services/files/upload-image";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";
import type { ImportFile, ImportNode, ImportPlan } from "@/server/services/imports/internal/plan-import";
import { planImport } from "@/server/services/imports/internal/plan-import";
import { applyImagePlan, planImages } from "@/server/services/imports/internal/plan-images";
import { replaceImportedBody } from "@/server/services/imports/internal/replace-imported-body";

export interface ImportFilesInput {
  /** The workspace, by id or slug. */
  workspace: { id: string } | { slug: string };
  /** Import under this live document of the workspace; null: at the top level. */
  parentId: string | null;
  files: readonly ImportFile[];
}

/**
 * Imports Markdown, HTML, DOCX and zip files as documents under `parentId`, keeping a zip's
 * folder tree (planImport), in name order; editors and up. Each body goes through
 * createDocument, which sanitises it by the editor's rules; embedded and zipped images become
 * uploads of their document. What can't be imported (type, size, depth, the 500-document
 * limit, unreadable files, images) is listed in `skipped`; the rest is still imported.
 * @throws AppError not_found (workspace, or a parent that is unknown, trashed or elsewhere) | forbidden
 */
export async function importFiles(ctx: ServiceContext, input: ImportFilesInput, blobs: BlobStore = getBlobStore()): Promise<ImportSummary> {
  const workspace = await findWorkspaceForMember(ctx, input.workspace);
  authorize(workspaceAbilities(workspace.role).edit, "Viewers and commenters can't import documents.");
  const baseDepth = await parentDepth(ctx.db, workspace.id, input.parentId);
  const plan = await planImport(input.files);
  const run: ImportRun = { ctx, blobs, plan, workspaceId: workspace.id, workspaceSlug: workspace.slug, created: 0, summary: { imported: [], skipped: [...plan.skipped] } };
  for (const node of plan.roots) await importNode(run, node, input.parentId, baseDepth + 1);
  return run.summary;
}

const CONVERSION_FAILED = "It could not be converted because of an error on the server.";

interface ImportRun {
  ctx: ServiceContext;
  blobs: BlobStore;
  plan: ImportPlan;
  workspaceId: string;
  workspaceSlug: string;
  created: number;
  summary: ImportSummary;
}

async function importNode(run: ImportRun, node: ImportNode, parentId: string | null, depth: number): Promise<void> {
  const { summary } = run;
  if (depth > MAX_TREE_DEPTH) {
    summary.skipped.push({ name: node.path, reason: withCount(`It would sit deeper than ${MAX_TREE_DEPTH} levels.`, node) });
    return;
  }
  if (run.created >= MAX_IMPORT_DOCUMENTS) {
    summary.skipped.push({ name: node.path, reason: withCount(`An import creates at most ${MAX_IMPORT_DOCUMENTS} documents.`, node) });
    return;
  }
  let body: BodyDelta = { ops: [] };
  if (node.source) {
    try {
      // On the body worker threads: a .docx's inflating and Quill's clipboard hold no request up.
      body = await bodyWork().convert({ kind: node.source.kind, bytes: node.source.bytes });
    } catch (error) {
      // Whatever else failed (a worker that died under it) fails this file alone: the documents
      // created before it exist, and the summary must still say so rather than end in a 500.
      if (!isUnreadableFileError(error)) console.error(`[import] converting a ${node.source.kind} file failed:`, error instanceof Error ? error.message : error);
      summary.skipped.push({ name: node.source.path, reason: isUnreadableFileError(error) ? error.message : CONVERSION_FAILED });
      // A folder is still worth creating for its children; a lone file is not.
      if (node.children.length === 0) return;
    }
  }
  const { title, body: titled } = takeTitle(body, node.fallbackTitle);
  const images = node.source ? planImages(titled, node.source, run.plan.resources) : new Map();
  let id: string;
  try {
    const doc = await createDocument(run.ctx, { workspaceId: run.workspaceId, parentId, title }, { body: applyImagePlan(titled, images) });
    id = doc.id;
  } catch (error) {
    if (!(error instanceof AppError) || error.code === "not_found" || error.code === "forbidden") throw error;
    summary.skipped.push({ name: node.path, reason: withCount(error.message, node) });
    return;
  }
  run.created += 1;
  summary.imported.push({ id, title, path: node.path, url: `/w/${run.workspaceSlug}/d/${documentSegment({ id, title })}` });
  await uploadImages(run, id, node.path, titled, images);
  for (const child of node.children) await importNode(run, child, id, depth + 1);
}

async function uploadImages(run: ImportRun, documentId: string, path: string, body: BodyDelta, images: ReturnType<typeof planImages>): Promise<void> {
  const urls = new Map<number, string>();
  const dropped: SkippedImport[] = [];
  for (const [index, fate] of images) {
    if (fate.action === "drop") dropped.push({ name: `${path}: ${fate.label}`, reason: `Image left out. ${fate.reason}` });
    if (fate.action !== "upload") continue;
    try {
      urls.set(index, (await uploadImage(run.ctx, { documentId, name: fate.name, bytes: fate.bytes }, run.blobs)).url);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      dropped.push({ name: `${path}: ${fate.name}`, reason: `Image left out. ${error.message}` });
    }
  }
  run.summary.skipped.push(...dropped);
  if (urls.size > 0) await replaceImportedBody(run.ctx, documentId, applyImagePlan(body, images, urls));
}

function withCount(reason: string, node: ImportNode): string {
  const below = countBelow(node);
  if (below === 0) return reason;
  return `${reason} The ${below} document${below === 1 ? "" : "s"} inside it ${below === 1 ? "was" : "were"} not imported either.`;
}

function countBelow(node: ImportNode): number {
  return node.children.reduce((sum, child) => sum + 1 + countBelow(child), 0);
}
