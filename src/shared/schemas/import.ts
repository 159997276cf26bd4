import { z } from "./zod";
import { hasNoControlCharacter } from "./fields";
import { DocumentIdField } from "./document";

/** The text fields of `POST /api/v1/import` (the `file` parts are read separately). */
export const ImportFieldsSchema = z.strictObject({
  /** The workspace's slug or id; an API token names its own workspace, so it may leave it out. */
  workspace: z
    .string()
    .min(1, "Name the workspace to import into in `workspace` (its slug or id).")
    .max(100, "Name the workspace to import into in `workspace` (its slug or id).")
    .refine(hasNoControlCharacter, "Name the workspace to import into in `workspace` (its slug or id).")
    .optional(),
  /** Import under this document; omitted or empty: at the top level. */
  parentId: DocumentIdField.optional(),
});
export type ImportFields = z.infer<typeof ImportFieldsSchema>;

/** One document the import created. */
export const ImportedDocumentSchema = z
  .object({
    id: DocumentIdField,
    title: z.string(),
    /** Where it came from: the file name, with its folders inside a zip (`handbook.zip/guides/setup.md`). */
    path: z.string(),
    /** The document's page in the app. */
    url: z.string(),
  })
  .meta({ id: "ImportedDocument" });
export type ImportedDocument = z.infer<typeof ImportedDocumentSchema>;

/** One file, folder or zip entry the import could not use, and why. */
export const SkippedImportSchema = z
  .object({
    name: z.string(),
    reason: z.string(),
  })
  .meta({ id: "SkippedImport" });
export type SkippedImport = z.infer<typeof SkippedImportSchema>;

/** What `POST /api/v1/import` answers (201): created documents in tree order, and what was skipped. */
export const ImportSummarySchema = z
  .object({
    imported: z.array(ImportedDocumentSchema),
    skipped: z.array(SkippedImportSchema),
  })
  .meta({ id: "ImportSummary" });
export type ImportSummary = z.infer<typeof ImportSummarySchema>;
