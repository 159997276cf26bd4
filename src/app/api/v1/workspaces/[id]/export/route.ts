import type { NextRequest } from "next/server";
import { z } from "zod";
import { defineRoute } from "@/server/http/route";
import { requireApiContext } from "@/server/http/require-api-actor";
import { exportWorkspace } from "@/server/services/workspaces/export-workspace";

export const dynamic = "force-dynamic";

/** GET /api/v1/workspaces/{id or slug}/export: the whole workspace as a zip archive (admins and owners). */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async (request: NextRequest, { params }) => {
    const ctx = await requireApiContext(request, { scope: "read" });
    const ref = String((await params).id);
    const exported = await exportWorkspace(ctx, z.uuid().safeParse(ref).success ? { id: ref } : { slug: ref });
    return new Response(exported.body, {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="${exported.filename}"`,
        "Cache-Control": "private, no-store",
      },
    });
  },
});
