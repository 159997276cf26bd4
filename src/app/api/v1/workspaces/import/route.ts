import type { NextRequest } from "next/server";
import { readImportForm } from "@/server/http/read-archive-form";
import { defineRoute } from "@/server/http/route";
import { requireApiContext } from "@/server/http/require-api-actor";
import { importWorkspace } from "@/server/services/workspaces/import-workspace";

export const dynamic = "force-dynamic";

/**
 * POST /api/v1/workspaces/import (multipart: `file`, and `name` + `slug` or `workspace`): a
 * workspace archive into a new workspace, or an empty one the caller administers; 201
 * `{workspace: {id, slug, name, url}, counts: {documents, files, revisions}}`.
 */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: async (request: NextRequest) => {
    // The caller comes first, so an anonymous client can't make us read 50 MB.
    const ctx = await requireApiContext(request, { scope: "write" });
    const form = await readImportForm(request);
    const imported = await importWorkspace(ctx, form.target, form.bytes);
    const url = `/w/${imported.workspace.slug}`;
    return Response.json({ workspace: { ...imported.workspace, url }, counts: imported.counts }, { status: 201, headers: { Location: url } });
  },
});
