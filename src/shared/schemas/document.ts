import { z } from "./zod";
import { MAX_TITLE_CHARS } from "@/shared/editor-rules";
import { controlCharacterError, hasNoControlCharacter } from "./fields";

/** A document id as newDocumentId() makes them: 12 lower-case letters and digits. */
export const DocumentIdField = z.string().regex(/^[a-z0-9]{12}$/, "This is not a document id.");

/** Trimmed, at most 200 characters, one line; empty is allowed and shows as "Untitled" (docs/product.md "Validation"). */
export const DocumentTitleField = z
  .string()
  .trim()
  .max(MAX_TITLE_CHARS, `Titles are at most ${MAX_TITLE_CHARS} characters.`)
  .refine(hasNoControlCharacter, controlCharacterError("Titles"));

export const CreateDocumentSchema = z.strictObject({
  workspaceId: z.uuid("This is not a workspace id."),
  /** Omitted or null: a top-level document. */
  parentId: DocumentIdField.nullish(),
  title: DocumentTitleField.optional(),
});
export type CreateDocumentInput = z.infer<typeof CreateDocumentSchema>;

export const RenameDocumentSchema = z.strictObject({
  documentId: DocumentIdField,
  title: DocumentTitleField,
  /**
   * Rename only while the stored title is still this one (or already `title`): a title kept on a
   * device, saved once the connection is back, names the title it was typed over. Otherwise nothing
   * changes, and the answer is the document as it is (see renameDocument).
   */
  ifTitleIs: DocumentTitleField.optional(),
});
export type RenameDocumentInput = z.infer<typeof RenameDocumentSchema>;

/**
 * Where to put a document: under `parentId` (null: top level), right after the sibling
 * `afterId` and right before the sibling `beforeId`. Give both neighbours the user saw, or
 * one of them; give neither to append it as the last child. See moveDocument.
 */
export const MoveDocumentSchema = z.strictObject({
  documentId: DocumentIdField,
  parentId: DocumentIdField.nullable(),
  afterId: DocumentIdField.nullish(),
  beforeId: DocumentIdField.nullish(),
});
export type MoveDocumentInput = z.infer<typeof MoveDocumentSchema>;

export const TrashDocumentSchema = z.strictObject({ documentId: DocumentIdField });
export type TrashDocumentInput = z.infer<typeof TrashDocumentSchema>;

export const RestoreDocumentSchema = z.strictObject({ documentId: DocumentIdField });
export type RestoreDocumentInput = z.infer<typeof RestoreDocumentSchema>;

export const PurgeDocumentSchema = z.strictObject({ documentId: DocumentIdField });
export type PurgeDocumentInput = z.infer<typeof PurgeDocumentSchema>;

export const ToggleFavoriteSchema = z.strictObject({ documentId: DocumentIdField });
export type ToggleFavoriteInput = z.infer<typeof ToggleFavoriteSchema>;

/** Which workspace's lists (tree, trash, favourites, recent) to read. */
export const WorkspaceDocumentsSchema = z.strictObject({ workspaceId: z.uuid("This is not a workspace id.") });
export type WorkspaceDocumentsInput = z.infer<typeof WorkspaceDocumentsSchema>;
