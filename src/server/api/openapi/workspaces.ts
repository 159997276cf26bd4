import { z } from "zod";
import type { OpenApiPaths } from "./common";
import { jsonResponse, publicErrorResponses } from "./common";

/** /api/v1/workspaces/…. */
export const workspacesPaths: OpenApiPaths = {
  "/api/v1/workspaces/slug-availability": {
    get: {
      operationId: "slugAvailability",
      tags: ["Workspaces"],
      summary: "Whether a workspace address can be taken",
      security: [],
      requestParams: { query: z.object({ slug: z.string().meta({ description: "The address to check." }) }) },
      responses: {
        "200": jsonResponse("The answer.", z.object({ slug: z.string(), available: z.boolean(), message: z.string().optional() })),
        ...publicErrorResponses(400),
      },
    },
  },
};
