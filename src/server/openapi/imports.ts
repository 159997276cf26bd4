import { z } from "zod";
import { ImportFieldsSchema, ImportSummarySchema } from "@/shared/schemas/import";
import type { OpenApiPaths } from "./common";
import { errorResponses, jsonResponse, writeOperation } from "./common";

const ImportFormSchema = ImportFieldsSchema.extend({
  file: z.array(z.string().meta({ format: "binary" })).meta({ description: "One or more Markdown, HTML, DOCX or zip files (repeat the field; each ≤ 10 MB, the request ≤ 50 MB)." }),
}).meta({ id: "ImportForm" });

/** /api/v1/import. */
export const importPaths: OpenApiPaths = {
  "/api/v1/import": {
    post: writeOperation({
      operationId: "importFiles",
      tags: ["Import"],
      summary: "Import Markdown, HTML, DOCX or zip files as documents",
      requestBody: { required: true, content: { "multipart/form-data": { schema: ImportFormSchema } } },
      responses: { "201": jsonResponse("What was imported and what was not.", ImportSummarySchema), ...errorResponses(400, 403, 404, 413, 415, 422) },
    }),
  },
};
