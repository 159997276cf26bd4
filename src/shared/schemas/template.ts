import { z } from "./zod";
import { controlCharacterError, hasNoControlCharacter } from "./fields";
import { DocumentIdField, DocumentTitleField } from "./document";
import { WorkspaceParam } from "./api-v1";
import { DeltaSchema } from "./delta";
import type { FilledDelta } from "@/shared/template-placeholders";

/** Template limits (docs/product.md "Templates", "Limits"). */
export const MAX_TEMPLATE_NAME_CHARS = 100;
export const MAX_TEMPLATE_DESCRIPTION_CHARS = 300;
/** Templates one workspace may have, built-in ones included. */
export const MAX_TEMPLATES_PER_WORKSPACE = 100;
/** Characters a template's body may hold: a tenth of a document's, since every use copies it. */
export const MAX_TEMPLATE_BODY_CHARS = 100_000;

export const TemplateIdField = z.uuid("This is not a template id.");

/** A body saved without the version it was edited from (docs/product.md "Templates"). */
export const BASE_VERSION_MISSING = "Saving a template's body needs the version it was edited from: reload the page, then save again.";

export const TemplateNameField = z
  .string({ error: "Name the template." })
  .trim()
  .min(1, "Name the template.")
  .max(MAX_TEMPLATE_NAME_CHARS, `Template names are at most ${MAX_TEMPLATE_NAME_CHARS} characters.`)
  .refine(hasNoControlCharacter, controlCharacterError("Template names"));

export const TemplateDescriptionField = z
  .string()
  .trim()
  .max(MAX_TEMPLATE_DESCRIPTION_CHARS, `Descriptions are at most ${MAX_TEMPLATE_DESCRIPTION_CHARS} characters.`)
  .refine(hasNoControlCharacter, controlCharacterError("Descriptions"))
  .optional()
  .default("");

/** An IANA time zone name the browser reported; unknown names fall back to UTC where it is used. */
export const TimeZoneField = z.string().max(64).optional();

/** A Quill delta as a client sends it (insert ops only); the server sanitises it (body/sanitize-delta.ts). */
export const TemplateBodyField: z.ZodType<{ ops: Array<Record<string, unknown>> }> = DeltaSchema;

/** Settings → Templates → "New template": an empty body unless one is given. */
export const CreateTemplateSchema = z.strictObject({
  workspaceId: z.uuid("This is not a workspace id."),
  name: TemplateNameField,
  description: TemplateDescriptionField,
  body: TemplateBodyField.optional(),
});
export type CreateTemplateInput = z.infer<typeof CreateTemplateSchema>;

/** The document menu's "Save as template…": the document's body as it is now. */
export const SaveDocumentAsTemplateSchema = z.strictObject({
  documentId: DocumentIdField,
  name: TemplateNameField,
  description: TemplateDescriptionField,
});
export type SaveDocumentAsTemplateInput = z.infer<typeof SaveDocumentAsTemplateSchema>;

/**
 * A template body's version (`version` of TemplateBodyDto): changes whenever a different body is
 * saved. Opaque to clients; they only send back the one they started from.
 */
export const TemplateVersionField = z.string({ error: "This is not a template version." }).min(1, "This is not a template version.").max(128, "This is not a template version.");

/**
 * Rename, describe or edit the body; what is omitted stays. A new body names the version it was
 * edited from (`baseVersion`): if someone saved another body since, the save is refused with
 * `conflict` rather than overwriting theirs (docs/product.md "Templates").
 */
export const UpdateTemplateSchema = z
  .strictObject({
    templateId: TemplateIdField,
    name: TemplateNameField.optional(),
    description: TemplateDescriptionField.optional(),
    body: TemplateBodyField.optional(),
    baseVersion: TemplateVersionField.optional(),
  })
  .refine((input) => input.body === undefined || input.baseVersion !== undefined, { path: ["baseVersion"], error: BASE_VERSION_MISSING });
export type UpdateTemplateInput = z.infer<typeof UpdateTemplateSchema>;

/** The template editor's copy of a template: its body and that body's version, to save over. */
export interface TemplateBodyDto {
  name: string;
  /** Stored bodies went through the sanitiser: inserts of text or embeds only. */
  body: FilledDelta;
  version: string;
}

export const TemplateRefSchema = z.strictObject({ templateId: TemplateIdField });
export type TemplateRefInput = z.infer<typeof TemplateRefSchema>;

export const ListTemplatesSchema = z.strictObject({ workspaceId: z.uuid("This is not a workspace id.") });
export type ListTemplatesInput = z.infer<typeof ListTemplatesSchema>;

/** "New from template": a document made from the template, last at the top level or under `parentId`. */
export const CreateDocumentFromTemplateSchema = z.strictObject({
  workspaceId: z.uuid("This is not a workspace id."),
  templateId: TemplateIdField,
  parentId: DocumentIdField.nullish(),
  /** Omitted: the template's name. */
  title: DocumentTitleField.optional(),
  timeZone: TimeZoneField,
});
export type CreateDocumentFromTemplateInput = z.infer<typeof CreateDocumentFromTemplateSchema>;

/** The "/" menu's "Template": the template's body, placeholders filled for this document, to insert at the caret. */
export const FillTemplateSchema = z.strictObject({
  templateId: TemplateIdField,
  documentId: DocumentIdField,
  timeZone: TimeZoneField,
});
export type FillTemplateInput = z.infer<typeof FillTemplateSchema>;

/** GET /api/v1/templates's query parameters. */
export const ListTemplatesQuerySchema = z.object({ workspace: WorkspaceParam });

/** A template as lists show it (its body travels only to the template editor). */
export const TemplateDtoSchema = z
  .strictObject({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    builtIn: z.boolean().meta({ description: "One of the templates every workspace starts with." }),
    author: z.strictObject({ name: z.string() }).nullable().meta({ description: "Who made it; null for built-in templates and deleted accounts." }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    abilities: z.strictObject({ edit: z.boolean(), delete: z.boolean() }).meta({ description: "What the caller may do with it." }),
  })
  .meta({ id: "Template" });
export type TemplateDto = z.infer<typeof TemplateDtoSchema>;

export const TemplateListSchema = z.strictObject({ data: z.array(TemplateDtoSchema) }).meta({ id: "TemplateList" });
