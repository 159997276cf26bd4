import { eq } from "drizzle-orm";
import type { ServiceContext } from "@/server/context";
import { documents } from "@/server/db/schema";
import type { ExportFormat } from "@/server/formats/export/export-formats";
import { pdfUnavailableReason } from "@/server/formats/export/pdf-printer";
import { renderExportFile } from "@/server/formats/export/render-export-file";
import { titleFileName } from "@/server/formats/export/file-names";
import { SiblingNames } from "@/server/formats/export/zip-names";
import type { ZipWriter } from "@/server/storage/zip-stream";
import { zipStream } from "@/server/storage/zip-stream";
import { AppError, authorize } from "@/server/errors";
import { recordAuditEvent } from "@/server/services/audit/internal/record-audit-event";
import { documentAbilities } from "@/server/policies/document-policy";
import { displayTitle } from "@/shared/document-slug";
import type { ExportedDocument } from "./export-document";
import { uploadLoader } from "./export-document";
import { liveSubtreeRows } from "@/server/services/documents/internal/document-tree";
import { findDocumentForMember } from "./find-document-for-member";
import { lazyMemberNames } from "@/server/services/members/internal/member-names";
import type { MentionNameLookup } from "@/shared/mention-format";

/** Where a Markdown bundle keeps uploaded images, at the zip's top level. */
export const BUNDLE_IMAGES_FOLDER = "images";

interface TreeNode {
  id: string;
  title: string;
  children: TreeNode[];
}

/**
 * A document and its live descendants as a zip that keeps the tree: each document is
 * `<name>.<format>` and its children sit in a folder `<name>/` beside it, names being
 * slugified titles unique among siblings. Markdown links uploaded images to copies in
 * `images/`; the other formats embed them. Access is decided before the first byte (so
 * errors are proper answers); the zip is then streamed one document at a time.
 * @throws AppError not_found | unavailable (PDF without Chromium)
 */
export async function exportDocumentTree(ctx: ServiceContext, documentId: string, format: ExportFormat, origin: string): Promise<ExportedDocument> {
  const root = await findDocumentForMember(ctx, documentId);
  const abilities = documentAbilities(root);
  authorize(abilities.read);
  const unavailable = format === "pdf" ? pdfUnavailableReason() : null;
  if (unavailable) throw new AppError("unavailable", unavailable);
  const tree = await loadTree(ctx, root.id, root.workspaceId);
  if (!tree) throw new AppError("not_found", "This document could not be found.");
  // Every document of a workspace is readable by the same roles (docs/product.md "Roles"), and all
  // descendants share the root's workspace: the root's read ability covers them.
  const rootName = new SiblingNames(format === "md" ? [BUNDLE_IMAGES_FOLDER] : []).next(displayTitle(tree.title));
  await recordAuditEvent(ctx, {
    workspaceId: root.workspaceId,
    kind: "export.downloaded",
    target: { id: root.id, label: displayTitle(tree.title) },
    details: { format, withChildren: true },
  });
  const body = zipStream(async (zip) => {
    const bundled = new Set<string>();
    const mentionNames = lazyMemberNames(ctx.db, root.workspaceId); // one query for the whole tree, if any body mentions someone
    await writeNode(ctx, zip, { node: tree, name: rootName, folder: "", depth: 0, format, origin, bundled, mentionNames });
  });
  return { filename: `${rootName}.zip`, downloadName: `${titleFileName(displayTitle(tree.title))}.zip`, contentType: "application/zip", body };
}

interface WriteStep {
  node: TreeNode;
  name: string;
  /** The folder the document's file goes in: "" or "parent/…/". */
  folder: string;
  depth: number;
  format: ExportFormat;
  origin: string;
  /** Images already in the bundle, by file name. */
  bundled: Set<string>;
  mentionNames: () => Promise<MentionNameLookup>;
}

async function writeNode(ctx: ServiceContext, zip: ZipWriter, step: WriteStep): Promise<void> {
  const { node, name, folder, depth, format, bundled } = step;
  const [row] = await ctx.db.select({ content: documents.content, html: documents.html }).from(documents).where(eq(documents.id, node.id)).limit(1);
  if (row) {
    const file = await renderExportFile({ title: displayTitle(node.title), delta: row.content, html: row.html }, format, {
      loadUpload: uploadLoader(ctx),
      origin: step.origin,
      mentionNames: step.mentionNames,
      bundleImages: { linkPrefix: `${"../".repeat(depth)}${BUNDLE_IMAGES_FOLDER}/` },
    });
    zip.add(`${folder}${name}.${format}`, file.body, { compress: format === "md" || format === "html" });
    for (const [imageName, image] of file.bundledImages) {
      if (bundled.has(imageName)) continue;
      bundled.add(imageName);
      zip.add(`${BUNDLE_IMAGES_FOLDER}/${imageName}`, image.bytes, { compress: false });
    }
    await zip.drained();
  }
  const names = new SiblingNames();
  for (const child of node.children) {
    await writeNode(ctx, zip, { ...step, node: child, name: names.next(displayTitle(child.title)), folder: `${folder}${name}/`, depth: depth + 1 });
  }
}

// The root and its live descendants, at most MAX_TREE_DEPTH levels (the tree never holds
// more; the bound keeps a corrupt row from recursing forever), siblings in sidebar order.
async function loadTree(ctx: ServiceContext, rootId: string, workspaceId: string): Promise<TreeNode | null> {
  const rows = await liveSubtreeRows(ctx.db, workspaceId, rootId);
  const nodes = new Map(rows.map((row) => [row.id, { id: row.id, title: row.title, children: [] as TreeNode[] }]));
  // Byte order, like the position column's COLLATE "C".
  const ordered = [...rows].sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : a.id < b.id ? -1 : 1));
  for (const row of ordered) {
    const parent = row.parentId && row.id !== rootId ? nodes.get(row.parentId) : undefined;
    const node = nodes.get(row.id);
    if (parent && node) parent.children.push(node);
  }
  return nodes.get(rootId) ?? null;
}
