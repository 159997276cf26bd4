import type { NextRequest } from "next/server";
import { defineRoute } from "@/server/http/route";
import { requireApiContext } from "@/server/http/require-api-actor";
import { presentCommentThreads } from "@/server/presenters/present-comment-threads";
import { listCommentThreads } from "@/server/services/comments/list-comment-threads";
import type { CommentThreadListDto } from "@/shared/comments/comment-dto";

export const dynamic = "force-dynamic";

/** GET /api/v1/documents/{id}/comments: the document's threads, oldest first, with their comments (docs/api.md "Comments"). */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async (request: NextRequest, { params }) => {
    const ctx = await requireApiContext(request, { scope: "read" });
    const body: CommentThreadListDto = presentCommentThreads(await listCommentThreads(ctx, String((await params).id)), ctx.actor.id);
    return Response.json(body, { headers: { "Cache-Control": "private, no-store" } });
  },
});
