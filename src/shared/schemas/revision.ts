import { z } from "./zod";
import { REVISION_KINDS } from "@/shared/revisions";
import { DocumentIdField } from "./document";
import { controlCharacterError, hasNoControlCharacter } from "./fields";

/** Longest version name, in characters. */
export const MAX_VERSION_NAME_CHARS = 100;
/** Revisions per page: the API's default and the timeline's page (docs/product.md "Calls"). */
export const REVISION_PAGE_SIZE = 25;
/** Largest `limit` the revisions API takes (docs/product.md "Calls"). */
export const MAX_REVISION_LIMIT = 100;

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_REVISION_LIMIT}.`;
const CURSOR_MESSAGE = "This cursor is not valid: use the nextCursor of a previous page.";

/** A revision id (a UUID); anything else names no revision. */
export const RevisionIdField = z.uuid("This is not a revision id.");

/** A version's name: trimmed, 1–100 characters. */
export const VersionNameField = z
  .string({ error: "Give the version a name." })
  .trim()
  .min(1, "Give the version a name.")
  .max(MAX_VERSION_NAME_CHARS, `Version names are at most ${MAX_VERSION_NAME_CHARS} characters.`)
  .refine(hasNoControlCharacter, controlCharacterError("Version names"));

/** GET /api/v1/documents/{id}/revisions: its query parameters (unknown ones are refused). */
export const RevisionListQuerySchema = z.strictObject({
  cursor: z.string().min(1, CURSOR_MESSAGE).max(200, CURSOR_MESSAGE).optional(),
  limit: z.coerce.number({ error: LIMIT_MESSAGE }).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(MAX_REVISION_LIMIT, LIMIT_MESSAGE).default(REVISION_PAGE_SIZE),
});
export type RevisionListQuery = z.infer<typeof RevisionListQuerySchema>;

/** The path parameters of `/api/v1/documents/{id}/revisions/{rev}/…`. */
export const RevisionPathSchema = z.strictObject({ id: z.string(), rev: z.string() });

/** "Save version…": a named revision of the document's current text. */
export const SaveVersionSchema = z.strictObject({ documentId: DocumentIdField, name: VersionNameField });
export type SaveVersionInput = z.infer<typeof SaveVersionSchema>;

/** "Restore this version". */
export const RestoreRevisionSchema = z.strictObject({ documentId: DocumentIdField, revisionId: RevisionIdField });
export type RestoreRevisionInput = z.infer<typeof RestoreRevisionSchema>;

/** "Load more" on the timeline: the page after `cursor`. */
export const ListRevisionsSchema = z.strictObject({ documentId: DocumentIdField, cursor: z.string().max(200, CURSOR_MESSAGE).nullish() });
export type ListRevisionsInput = z.infer<typeof ListRevisionsSchema>;

const PersonSchema = z.strictObject({ id: z.string(), name: z.string() });

/** One revision as the API and the timeline show it (no body: open the revision for that). */
export const RevisionDtoSchema = z.strictObject({
  id: z.uuid(),
  kind: z.enum(REVISION_KINDS),
  /** The version's name (`named` only). */
  name: z.string().nullable(),
  title: z.string(),
  /** Characters of plain text. */
  size: z.number().int(),
  createdAt: z.iso.datetime(),
  /** Who made it (namer, restorer, or for `auto` the last writer); null once that account is gone. */
  createdBy: PersonSchema.nullable(),
  /** Everyone whose edits went into it since the revision before. */
  authors: z.array(PersonSchema),
});
export type RevisionDto = z.infer<typeof RevisionDtoSchema>;

/** A page of revisions, newest first: `{data, nextCursor}` (docs/product.md "Calls"). */
export const RevisionPageSchema = z.strictObject({ data: z.array(RevisionDtoSchema), nextCursor: z.string().nullable() });
export type RevisionPage = z.infer<typeof RevisionPageSchema>;
