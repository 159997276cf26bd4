import type { NextRequest } from "next/server";
import { defineRoute } from "@/server/http/route";
import { requireApiContext } from "@/server/http/require-api-actor";
import { presentApiDocument } from "@/server/presenters/present-api-document";
import { restoreDocument } from "@/server/services/documents/restore-document";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";

export const dynamic = "force-dynamic";

/** POST /api/v1/documents/{id}/restore: a trashed document (and what was trashed with it) back from the trash. */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: async (request: NextRequest, { params }) => {
    const ctx = await requireApiContext(request, { scope: "write" });
    const doc = await restoreDocument(ctx, { documentId: String((await params).id) });
    return Response.json(presentApiDocument(doc, (await findWorkspaceForMember(ctx, { id: doc.workspaceId })).slug));
  },
});
