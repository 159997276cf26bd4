import type { NextRequest } from "next/server";
import { sanitizeDelta } from "@/server/body/sanitize-delta";
import { toMarkdown } from "@/server/formats/export/to-markdown";
import { defineRoute } from "@/server/http/route";
import { readJsonBody } from "@/server/http/read-body";
import { readQuery } from "@/server/http/read-query";
import { requireApiContext } from "@/server/http/require-api-actor";
import { presentApiDocument } from "@/server/presenters/present-api-document";
import { readDocument } from "@/server/services/documents/read-document";
import { trashDocument } from "@/server/services/documents/trash-document";
import { updateDocument } from "@/server/services/documents/update-document";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";
import { ReadDocumentParamsSchema, UpdateDocumentBodySchema } from "@/shared/schemas/api-documents";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/documents/{id}?format=delta|markdown|html: `{id, title, parentId, position, url, createdAt, updatedAt, delta}`
 * (or `markdown` / `html` instead of `delta`); PATCH `{title?, parentId?, position?}`: rename or move;
 * DELETE: to the trash with its descendants (docs/product.md "Calls").
 */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async (request: NextRequest, { params }) => {
    const ctx = await requireApiContext(request, { scope: "read" });
    const { format } = readQuery(request, ReadDocumentParamsSchema);
    const doc = await readDocument(ctx, String((await params).id));
    const body = format === "delta" ? { delta: doc.delta } : format === "html" ? { html: doc.html } : { markdown: toMarkdown(sanitizeDelta(doc.delta).delta) };
    return Response.json({ ...presentApiDocument(doc, doc.workspaceSlug), ...body });
  },
  PATCH: async (request: NextRequest, { params }) => {
    const ctx = await requireApiContext(request, { scope: "write" });
    const body = await readJsonBody(request, UpdateDocumentBodySchema);
    const doc = await updateDocument(ctx, String((await params).id), body);
    return Response.json(presentApiDocument(doc, (await findWorkspaceForMember(ctx, { id: doc.workspaceId })).slug));
  },
  DELETE: async (request: NextRequest, { params }) => {
    const ctx = await requireApiContext(request, { scope: "write" });
    const result = await trashDocument(ctx, { documentId: String((await params).id) });
    return Response.json({ id: result.documentId, trashedCount: result.trashedCount, deletedAt: result.deletedAt.toISOString() });
  },
});
