import type { NextRequest } from "next/server";
import { z } from "zod";
import { getEnv } from "@/server/env";
import { AppError } from "@/server/errors";
import { isSameOriginRequest } from "@/server/http/same-origin";
import { defineRoute } from "@/server/http/route";
import { requireApiContext } from "@/server/http/require-api-actor";
import { readImportForm } from "@/server/import/read-import-form";
import { importFiles } from "@/server/services/import/import-files";

export const dynamic = "force-dynamic";

/**
 * POST /api/v1/import (multipart: `file` repeated, `parentId?`, `workspace`): Markdown, HTML,
 * DOCX and zip files become documents; 201 with the summary (docs/api.md "Import").
 */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: async (request: NextRequest) => {
    // The caller comes first, so an anonymous client can't make us read 50 MB.
    const ctx = await requireApiContext(request, { scope: "write" });
    if (!isSameOriginRequest(request.headers, getEnv().PUBLIC_URL)) {
      throw new AppError("forbidden", "Imports with the session cookie must come from Quire's own pages.");
    }
    const form = await readImportForm(request);
    // An API token acts in its own workspace; a session names one.
    const workspace = form.workspace ?? ctx.grant?.workspaceId;
    if (!workspace) throw new AppError("bad_request", "Name the workspace to import into in the field workspace (its slug or id).");
    const summary = await importFiles(ctx, {
      workspace: z.uuid().safeParse(workspace).success ? { id: workspace } : { slug: workspace },
      parentId: form.parentId ?? null,
      files: form.files,
    });
    return Response.json(summary, { status: 201 });
  },
});
