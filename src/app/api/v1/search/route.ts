import type { NextRequest } from "next/server";
import { defineRoute } from "@/server/http/route";
import { apiWorkspace, readQuery } from "@/server/http/read-query";
import { requireApiContext } from "@/server/http/require-api-actor";
import { presentSearchResult } from "@/server/presenters/present-search-result";
import { searchDocuments } from "@/server/services/search/search-documents";
import { SearchParamsSchema } from "@/shared/schemas/search";

export const dynamic = "force-dynamic";

/**
 * GET /api/v1/search?workspace=&q=&cursor=&limit=: ranked live documents with escaped,
 * highlighted snippets, `{data, nextCursor}` (docs/product.md "Calls"; docs/api.md).
 */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async (request: NextRequest) => {
    const ctx = await requireApiContext(request, { scope: "read" });
    const { workspace, q, cursor, limit } = readQuery(request, SearchParamsSchema);
    const page = await searchDocuments(ctx, {
      workspace: apiWorkspace(ctx, workspace),
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
