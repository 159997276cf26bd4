import type { NextRequest } from "next/server";
import { AppError, fieldErrorsFrom } from "@/server/errors";
import { defineRoute } from "@/server/http/route";
import { requireApiContext } from "@/server/http/require-api-actor";
import { presentRevision } from "@/server/presenters/present-revision";
import { listRevisions } from "@/server/services/revisions/list-revisions";
import type { RevisionPage } from "@/shared/schemas/revision";
import { RevisionListQuerySchema } from "@/shared/schemas/revision";

export const dynamic = "force-dynamic";

/** GET /api/v1/documents/{id}/revisions?cursor=&limit=: the document's revisions, newest first, `{data, nextCursor}` (docs/api.md). */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async (request: NextRequest, { params }) => {
    const ctx = await requireApiContext(request, { scope: "read" });
    const parsed = RevisionListQuerySchema.safeParse(Object.fromEntries(request.nextUrl.searchParams));
    if (!parsed.success) {
      const fields = fieldErrorsFrom(parsed.error);
      throw new AppError("bad_request", Object.values(fields)[0] ?? "These parameters are not valid.", fields);
    }
    const page = await listRevisions(ctx, String((await params).id), parsed.data);
    const body: RevisionPage = { data: page.revisions.map((r) => presentRevision(r, page.people)), nextCursor: page.nextCursor };
    return Response.json(body, { headers: { "Cache-Control": "private, no-store" } });
  },
});
