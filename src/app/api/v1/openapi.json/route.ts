import type { NextRequest } from "next/server";
import { buildOpenApiDocument } from "@/server/openapi/build-openapi-document";
import { defineRoute } from "@/server/http/route";
import { publicOrigin } from "@/server/http/public-origin";

export const dynamic = "force-dynamic";

/** GET /api/v1/openapi.json: the API's OpenAPI 3.1 document (docs/product.md "Calls"). */
export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  GET: async (request: NextRequest) => Response.json(buildOpenApiDocument({ serverUrl: publicOrigin(request.headers) })),
});
