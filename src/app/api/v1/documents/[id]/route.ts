import type { NextRequest } from "next/server";
import { defineRoute } from "@/server/http/route";
import { requireApiContext } from "@/server/http/require-api-actor";
import { readDocument } from "@/server/services/documents/read-document";
import { documentSegment } from "@/shared/document-slug";

export const dynamic = "force-dynamic";

/** GET /api/v1/documents/{id}: `{id, title, parentId, position, url, createdAt, updatedAt, delta}` (PRODUCT.md §6). */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async (request: NextRequest, { params }) => {
    const ctx = await requireApiContext(request);
    const doc = await readDocument(ctx, String((await params).id));
    return Response.json({
      id: doc.id,
      title: doc.title,
      parentId: doc.parentId,
      position: doc.position,
      url: `/w/${doc.workspaceSlug}/d/${documentSegment(doc)}`,
      createdAt: doc.createdAt.toISOString(),
      updatedAt: doc.updatedAt.toISOString(),
      delta: doc.delta,
    });
  },
});
