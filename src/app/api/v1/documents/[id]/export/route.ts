import type { NextRequest } from "next/server";
import { attachmentDisposition } from "@/server/http/content-disposition";
import { publicOrigin } from "@/server/http/public-origin";
import { readQuery } from "@/server/http/read-query";
import { defineRoute } from "@/server/http/route";
import { requireApiContext } from "@/server/http/require-api-actor";
import { exportDocument } from "@/server/services/documents/export-document";
import { exportDocumentTree } from "@/server/services/documents/export-document-tree";
import { ExportQuerySchema } from "@/shared/schemas/export";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/documents/{id}/export?format=md|html|docx|pdf[&includeChildren=true]: a
 * download of the document, or of it and its live descendants as a zip.
 */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async (request: NextRequest, { params }) => {
    const { format, includeChildren } = readQuery(request, ExportQuerySchema);
    const ctx = await requireApiContext(request, { scope: "read" });
    const id = String((await params).id);
    const exporter = includeChildren === "true" ? exportDocumentTree : exportDocument;
    const file = await exporter(ctx, id, format, publicOrigin(request.headers));
    // The DOM typings take only ArrayBuffer-backed views and streams of them (a Node Buffer
    // may sit on a SharedArrayBuffer in theory); a copy or a cast at this I/O boundary.
    const body = file.body instanceof Uint8Array ? new Uint8Array(file.body) : (file.body as string | ReadableStream<Uint8Array<ArrayBuffer>>);
    return new Response(body, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": attachmentDisposition(file.filename, file.downloadName),
        "Cache-Control": "private, no-store",
      },
    });
  },
});
