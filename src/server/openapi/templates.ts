import { ListTemplatesQuerySchema, TemplateListSchema } from "@/shared/schemas/template";
import type { OpenApiPaths } from "./common";
import { errorResponses, jsonResponse } from "./common";

/** /api/v1/templates: the workspace's document templates (docs/product.md "Templates"). */
export const templatesPaths: OpenApiPaths = {
  "/api/v1/templates": {
    get: {
      operationId: "listTemplates",
      tags: ["Templates"],
      summary: "List a workspace's templates, by name",
      description:
        "Built-in and members' templates, without their bodies; create a document from one with `templateId` on POST /api/v1/documents. Members who can create documents (editors and up); viewers and commenters get 403, another workspace 404. A `read` token is enough.",
      requestParams: { query: ListTemplatesQuerySchema },
      responses: { "200": jsonResponse("The templates.", TemplateListSchema), ...errorResponses(400, 403, 404) },
    },
  },
};
