import { z } from "zod";
import { pageOf } from "@/shared/schemas/api-v1";
import { SearchParamsSchema } from "@/shared/schemas/search";
import type { OpenApiPaths } from "./common";
import { errorResponses, jsonResponse } from "./common";

const SearchResultSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    snippet: z.string().meta({ description: "Escaped HTML: the only markup is `<mark>` around matched words." }),
    path: z.array(z.object({ id: z.string(), title: z.string() })).meta({ description: "Ancestors, top level first." }),
    url: z.string(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "SearchResult" });

/** /api/v1/search. */
export const searchPaths: OpenApiPaths = {
  "/api/v1/search": {
    get: {
      operationId: "search",
      tags: ["Search"],
      summary: "Search a workspace",
      description: "Ranked live documents with highlighted snippets: title matches first, then by relevance, then the most recently updated.",
      requestParams: { query: SearchParamsSchema },
      responses: { "200": jsonResponse("One page of results.", pageOf(SearchResultSchema, "SearchPage")), ...errorResponses(400, 404) },
    },
  },
};
