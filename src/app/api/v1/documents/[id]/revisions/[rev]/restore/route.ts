import type { NextRequest } from "next/server";
import { defineRoute } from "@/server/http/route";
import { requireApiContext } from "@/server/http/require-api-actor";
import { presentRevision } from "@/server/presenters/present-revision";
import { readDocument } from "@/server/services/documents/read-document";
import { namesOf } from "@/server/services/revisions/list-revisions";
import { findRevision } from "@/server/services/revisions/read-revision";
import { restoreRevision } from "@/server/services/revisions/restore-revision";
import { documentSegment } from "@/shared/document-slug";
import { RestoreRevisionSchema, RevisionPathSchema } from "@/shared/schemas/revision";
import { AppError } from "@/server/errors";
import { REVISION_NOT_FOUND } from "@/server/services/revisions/read-revision";
import { DOCUMENT_NOT_FOUND } from "@/server/services/documents/find-document-for-member";

export const dynamic = "force-dynamic";

/**
 * POST /api/v1/documents/{id}/revisions/{rev}/restore: records the current text as a `restore`
 * revision, then puts revision {rev}'s text and title back; 201 `{revision, document}` (docs/api.md).
 */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  POST: async (request: NextRequest, { params }) => {
    const ctx = await requireApiContext(request, { scope: "write" });
    const path = RevisionPathSchema.parse(await params);
    const input = RestoreRevisionSchema.safeParse({ documentId: path.id, revisionId: path.rev });
    // Ids of the wrong shape name nothing: the same answer as ids that name nothing.
    if (!input.success) {
      throw new AppError("not_found", input.error.issues.some((i) => i.path[0] === "documentId") ? DOCUMENT_NOT_FOUND : REVISION_NOT_FOUND);
    }
    const result = await restoreRevision(ctx, input.data);
    const [revision, doc] = await Promise.all([findRevision(ctx, result.documentId, result.revision.id), readDocument(ctx, result.documentId)]);
    return Response.json(
      {
        revision: presentRevision(revision, await namesOf(ctx, [revision])),
        document: {
          id: doc.id,
          title: doc.title,
          parentId: doc.parentId,
          position: doc.position,
          url: `/w/${doc.workspaceSlug}/d/${documentSegment(doc)}`,
          createdAt: doc.createdAt.toISOString(),
          updatedAt: doc.updatedAt.toISOString(),
          delta: doc.delta,
        },
      },
      { status: 201 },
    );
  },
});
