import type { NextRequest } from "next/server";
import { z } from "zod";
import { AppError, fieldErrorsFrom } from "@/server/errors";
import { defineRoute } from "@/server/http/route";
import { requireApiContext } from "@/server/http/require-api-actor";
import { presentSearchResult } from "@/server/presenters/present-search-result";
import { searchDocuments } from "@/server/services/search/search-documents";
import { SearchParamsSchema } from "@/shared/schemas/search";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/search?workspace=&q=&cursor=&limit=: ranked live documents with escaped,
 * highlighted snippets, `{data, nextCursor}` (PRODUCT.md §6; docs/api.md).
 */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async (request: NextRequest) => {
    const ctx = await requireApiContext(request);
    const parsed = SearchParamsSchema.safeParse(Object.fromEntries(request.nextUrl.searchParams));
    if (!parsed.success) {
      const fields = fieldErrorsFrom(parsed.error);
      throw new AppError("bad_request", Object.values(fields)[0] ?? "These search parameters are not valid.", fields);
    }
    const { workspace, q, cursor, limit } = parsed.data;
    const page = await searchDocuments(ctx, {
      workspace: z.uuid().safeParse(workspace).success ? { id: workspace } : { slug: workspace },
      query: q,
      cursor,
      limit,
    });
    return Response.json({
      data: page.results.map((hit) => presentSearchResult(hit, page.workspace.slug)),
      nextCursor: page.nextCursor,
    });
  },
});
