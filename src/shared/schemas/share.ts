import { z } from "./zod";
import { DocumentIdField } from "./document";

const ShareIdField = z.uuid("This is not a share id.");

/** "Create public link" in the share dialog. */
export const CreateShareSchema = z.strictObject({
  documentId: DocumentIdField,
  /** Also publish the document's live sub-documents, with a contents sidebar. */
  includeChildren: z.boolean(),
  /** Let search engines index the page (otherwise `robots: noindex`). */
  allowIndexing: z.boolean(),
});
export type CreateShareInput = z.infer<typeof CreateShareSchema>;

/** Changes a live link's options; omitted options stay as they are. */
export const UpdateShareSchema = z.strictObject({
  shareId: ShareIdField,
  includeChildren: z.boolean().optional(),
  allowIndexing: z.boolean().optional(),
});
export type UpdateShareInput = z.infer<typeof UpdateShareSchema>;

export const RevokeShareSchema = z.strictObject({ shareId: ShareIdField });
export type RevokeShareInput = z.infer<typeof RevokeShareSchema>;
