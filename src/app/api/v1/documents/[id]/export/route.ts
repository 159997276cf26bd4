import type { NextRequest } from "next/server";
import { AppError } from "@/server/errors";
import { defineRoute } from "@/server/http/route";
import { requireApiContext } from "@/server/http/require-api-actor";
import type { ExportFormat } from "@/server/services/documents/export-document";
import { EXPORT_FORMATS, exportDocument } from "@/server/services/documents/export-document";

export const dynamic = "force-dynamic";

/** GET /api/v1/documents/{id}/export?format=md|html: a download of the document. */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async (request: NextRequest, { params }) => {
    const format = request.nextUrl.searchParams.get("format") ?? "md";
    if (!(EXPORT_FORMATS as readonly string[]).includes(format)) {
      throw new AppError("bad_request", `Unknown format "${format}". Use ${EXPORT_FORMATS.join(" or ")}.`);
    }
    const ctx = await requireApiContext(request, { scope: "read" });
    const file = await exportDocument(ctx, String((await params).id), format as ExportFormat, request.nextUrl.origin);
    return new Response(file.body, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="${file.filename}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
        "Cache-Control": "private, no-store",
      },
    });
  },
});
