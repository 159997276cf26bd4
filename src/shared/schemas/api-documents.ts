import { z } from "./zod";
import { CursorParam, LimitParam, WorkspaceParam, pageOf } from "./api-v1";
import { DocumentIdField, DocumentTitleField } from "./document";
import { TemplateIdField, TimeZoneField } from "./template";
import { DeltaSchema } from "./delta";

const DocumentId = DocumentIdField.meta({ description: "A document id: 12 lower-case letters and digits.", examples: ["k2j3h4g5f6d7"] });

/** GET /api/v1/documents query. Unknown parameters are ignored, as URLs gather them. */
export const ListDocumentsParamsSchema = z.object({
  workspace: WorkspaceParam,
  parentId: DocumentId.optional().meta({ description: "Only the children of this document, in tree order. Omitted: every live document, oldest first." }),
  cursor: CursorParam,
  limit: LimitParam,
});
export type ListDocumentsParams = z.infer<typeof ListDocumentsParamsSchema>;

/** POST /api/v1/documents body. */
export const CreateDocumentBodySchema = z
  .strictObject({
    workspace: WorkspaceParam,
    title: DocumentTitleField.meta({ description: "At most 200 characters, trimmed; empty shows as Untitled." }),
    parentId: DocumentId.nullish().meta({ description: "Create it as the last child of this document; omitted or null: top level." }),
    markdown: z.string().optional().meta({ description: "The body as Markdown (CommonMark and GitHub tables)." }),
    delta: DeltaSchema.optional(),
    templateId: TemplateIdField.optional().meta({
      description: "Start from this template of the workspace (GET /api/v1/templates): its body with `{{date}}`, `{{time}}`, `{{author}}` and `{{title}}` filled. Not with markdown or delta.",
    }),
    timeZone: TimeZoneField.meta({ description: "The IANA time zone `{{date}}` and `{{time}}` are read in (default UTC)." }),
  })
  .refine((body) => body.markdown === undefined || body.delta === undefined, {
    message: "Send the body as markdown or as delta, not both.",
    path: ["delta"],
  })
  .refine((body) => body.templateId === undefined || (body.markdown === undefined && body.delta === undefined), {
    message: "A document made from a template takes its body from it: send templateId without markdown or delta.",
    path: ["templateId"],
  })
  .meta({ id: "CreateDocument" });
export type CreateDocumentBody = z.infer<typeof CreateDocumentBodySchema>;

/** Where to put a moved document among its new siblings. */
export const DocumentPositionSchema = z
  .strictObject({
    afterId: DocumentId.nullish().meta({ description: "Place it right after this sibling." }),
    beforeId: DocumentId.nullish().meta({ description: "Place it right before this sibling." }),
  })
  .meta({
    id: "DocumentPosition",
    description: "Neighbours among the new siblings: both (they must be adjacent now), one, or neither (last). A stale pair answers 409.",
  });

/** PATCH /api/v1/documents/{id} body: rename, move, or both. */
export const UpdateDocumentBodySchema = z
  .strictObject({
    title: DocumentTitleField.optional(),
    parentId: DocumentId.nullable().optional().meta({ description: "The new parent; null: top level. Omitted with `position`: the same parent." }),
    position: DocumentPositionSchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: "Send title, parentId or position.", path: ["_"] })
  .meta({ id: "UpdateDocument" });
export type UpdateDocumentBody = z.infer<typeof UpdateDocumentBodySchema>;

/** GET /api/v1/documents/{id} query. */
export const ReadDocumentParamsSchema = z.object({
  format: z
    .enum(["delta", "markdown", "html"], { error: "format must be delta, markdown or html." })
    .default("delta")
    .meta({ description: "What body to include: `delta` (default), `markdown` or `html` (the editor's sanitised markup)." }),
});

/** A document in lists and after changes. */
export const DocumentSummarySchema = z
  .object({
    id: z.string(),
    title: z.string(),
    parentId: z.string().nullable(),
    position: z.string().meta({ description: "Fractional index among its siblings (compare as byte strings)." }),
    url: z.string().meta({ description: "The editor page, relative to the site." }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "DocumentSummary" });

/** A document with its body in the requested format. */
export const DocumentSchema = DocumentSummarySchema.extend({
  delta: DeltaSchema.optional(),
  markdown: z.string().optional(),
  html: z.string().optional(),
}).meta({ id: "Document" });

export const DocumentPageSchema = pageOf(DocumentSummarySchema, "DocumentPage");

/** DELETE /api/v1/documents/{id}: what went to the trash. */
export const TrashedDocumentSchema = z
  .object({ id: z.string(), trashedCount: z.number().int().meta({ description: "The document and its live descendants." }), deletedAt: z.iso.datetime() })
  .meta({ id: "TrashedDocument" });
