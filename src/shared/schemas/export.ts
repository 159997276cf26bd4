import { z } from "./zod";

/** The formats a document exports to (`?format=`), in the order the menu offers them. */
export const EXPORT_FORMATS = ["md", "html", "docx", "pdf"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** `GET /api/v1/documents/{id}/export` query: validated by the route, documented in OpenAPI. */
export const ExportQuerySchema = z.object({
  format: z
    .enum(EXPORT_FORMATS, `Use one of ${EXPORT_FORMATS.join(", ")}.`)
    .default("md")
    .meta({ description: "The file format." }),
  includeChildren: z
    .enum(["true", "false"], "includeChildren must be true or false.")
    .default("false")
    .meta({ description: "`true`: the document and its live descendants as a zip that keeps the tree." }),
});
