import { z } from "zod";
import type { OpenApiPaths } from "./common";
import { jsonResponse } from "./common";

/** /api/v1/openapi.json: this document. */
export const metaPaths: OpenApiPaths = {
  "/api/v1/openapi.json": {
    get: {
      operationId: "openApiDocument",
      tags: ["Meta"],
      summary: "This OpenAPI 3.1 document",
      security: [],
      responses: { "200": jsonResponse("The document.", z.record(z.string(), z.unknown())) },
    },
  },
};
