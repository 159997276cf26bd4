import type { NextRequest } from "next/server";
import { apiWorkspace } from "@/server/http/read-query";
import { defineRoute } from "@/server/http/route";
import { requireApiContext } from "@/server/http/require-api-actor";
import { readImportForm } from "@/server/http/read-import-form";
import { importFiles } from "@/server/services/imports/import-files";

export const dynamic = "force-dynamic";

/**
 * POST /api/v1/import (multipart: `file` repeated, `parentId?`, `workspace`): Markdown, HTML,
 * DOCX and zip files become documents; 201 with the summary (docs/api.md "Import").
 */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: async (request: NextRequest) => {
    // The caller comes first (a cookie write must come from this site), so an anonymous or
    // cross-site client can't make us read 50 MB.
    const ctx = await requireApiContext(request, { scope: "write" });
    const form = await readImportForm(request);
    const summary = await importFiles(ctx, {
      // An API token acts in its own workspace; a session names one.
      workspace: apiWorkspace(ctx, form.workspace),
      parentId: form.parentId ?? null,
      files: form.files,
    });
    return Response.json(summary, { status: 201 });
  },
});
