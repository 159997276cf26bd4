import type { NextRequest } from "next/server";
import { defineRoute } from "@/server/http/route";
import { readJsonBody } from "@/server/http/read-body";
import { apiWorkspace, readQuery } from "@/server/http/read-query";
import { requireApiContext } from "@/server/http/require-api-actor";
import { presentApiDocument } from "@/server/presenters/present-api-document";
import { createDocument } from "@/server/services/documents/create-document";
import { createDocumentFromTemplate } from "@/server/services/templates/create-document-from-template";
import { listDocumentsPage } from "@/server/services/documents/list-documents-page";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";
import { CreateDocumentBodySchema, ListDocumentsParamsSchema } from "@/shared/schemas/api-documents";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/documents?workspace=&parentId=&cursor=&limit=: `{data, nextCursor}` of live documents;
 * POST /api/v1/documents `{workspace?, title, parentId?, markdown? | delta? | templateId?, timeZone?}`: 201 with the document
 * (docs/product.md "Calls"; docs/api.md).
 */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async (request: NextRequest) => {
    const ctx = await requireApiContext(request, { scope: "read" });
    const params = readQuery(request, ListDocumentsParamsSchema);
    const page = await listDocumentsPage(ctx, { ...params, workspace: apiWorkspace(ctx, params.workspace) });
    return Response.json({ data: page.documents.map((doc) => presentApiDocument(doc, page.workspace.slug)), nextCursor: page.nextCursor });
  },
  POST: async (request: NextRequest) => {
    const ctx = await requireApiContext(request, { scope: "write" });
    const body = await readJsonBody(request, CreateDocumentBodySchema);
    const workspace = await findWorkspaceForMember(ctx, apiWorkspace(ctx, body.workspace));
    if (body.templateId !== undefined) {
      const doc = await createDocumentFromTemplate(ctx, { workspaceId: workspace.id, templateId: body.templateId, parentId: body.parentId, title: body.title, timeZone: body.timeZone });
      return Response.json(presentApiDocument(doc, workspace.slug), { status: 201, headers: { Location: `/api/v1/documents/${doc.id}` } });
    }
    const doc = await createDocument(ctx, { workspaceId: workspace.id, parentId: body.parentId, title: body.title }, { body: body.delta, markdown: body.markdown });
    const presented = presentApiDocument(doc, workspace.slug);
    return Response.json(presented, { status: 201, headers: { Location: `/api/v1/documents/${doc.id}` } });
  },
});
