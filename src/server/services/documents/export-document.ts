import type { ServiceContext } from "@/server/context";
import { AppError } from "@/server/errors";
import type { UploadLoader } from "@/server/formats/export/export-images";
import type { ExportFormat } from "@/server/formats/export/export-formats";
import { asciiFileName, titleFileName } from "@/server/formats/export/file-names";
import { renderExportFile } from "@/server/formats/export/render-export-file";
import { displayTitle } from "@/shared/document-slug";
import { readFile } from "@/server/services/files/read-file";
import { EXPORT_FILE_URL_SECONDS, getFileUrlSigner } from "@/server/storage/file-url-signer";
import { recordAuditEvent } from "@/server/services/audit/internal/record-audit-event";
import { readDocument } from "./read-document";
import { lazyMemberNames } from "@/server/services/members/internal/member-names";

/** A download: its names, type and bytes (a stream for zips). */
export interface ExportedDocument {
  /** The ASCII name (the title's slug, "untitled" for none): `filename` in Content-Disposition. */
  filename: string;
  /** The name to save it under, the title as a file name can hold it: `filename*`. */
  downloadName: string;
  contentType: string;
  body: Uint8Array | string | ReadableStream<Uint8Array>;
}

/**
 * One document the actor may read as Markdown, standalone HTML, Word or PDF. Uploaded
 * images the actor may see are embedded in HTML, DOCX and PDF, and in Markdown linked by
 * addresses absolute against `origin` (the public origin) and signed for
 * EXPORT_FILE_URL_SECONDS, so they open without a session; remote images stay links in DOCX
 * and PDF.
 * @throws AppError not_found | unavailable (PDF without Chromium)
 */
export async function exportDocument(ctx: ServiceContext, documentId: string, format: ExportFormat, origin: string): Promise<ExportedDocument> {
  const doc = await readDocument(ctx, documentId);
  const title = displayTitle(doc.title);
  const file = await renderExportFile({ title, delta: doc.delta, html: doc.html }, format, {
    loadUpload: uploadLoader(ctx),
    signUpload: uploadSigner(ctx),
    origin,
    mentionNames: lazyMemberNames(ctx.db, doc.workspaceId),
  });
  await recordAuditEvent(ctx, { workspaceId: doc.workspaceId, kind: "export.downloaded", target: { id: doc.id, label: title }, details: { format, withChildren: false } });
  return { filename: `${asciiFileName(title)}.${format}`, downloadName: `${titleFileName(title)}.${format}`, contentType: file.contentType, body: file.body };
}

/** Signs a long-lived address for an upload the actor may read (checked by services/files); null for any other. */
function uploadSigner(ctx: ServiceContext): (fileId: string) => Promise<string | null> {
  return async (fileId) => {
    try {
      await readFile(ctx, fileId);
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
    return getFileUrlSigner().signedPath(fileId, Date.now(), EXPORT_FILE_URL_SECONDS);
  };
}

/** Reads uploads through services/files with the actor's access; one they can't see stays a link. */
export function uploadLoader(ctx: ServiceContext): UploadLoader {
  return async (fileId) => {
    try {
      const file = await readFile(ctx, fileId);
      return { mime: file.mime, bytes: new Uint8Array(await new Response(await file.open()).arrayBuffer()) };
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  };
}
