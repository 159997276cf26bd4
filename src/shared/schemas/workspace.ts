import { z } from "./zod";
import { RESERVED_SLUGS, SLUG_MAX, SLUG_MIN } from "@/shared/workspace-slug";
import { controlCharacterError, hasNoControlCharacter } from "./fields";

export const WorkspaceNameField = z
  .string()
  .trim()
  .min(1, "Enter a workspace name.")
  .max(80, "Workspace names are at most 80 characters.")
  .refine(hasNoControlCharacter, controlCharacterError("Workspace names"));

export const WorkspaceSlugField = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Enter an address for the workspace.")
  .min(SLUG_MIN, `Use at least ${SLUG_MIN} characters.`)
  .max(SLUG_MAX, `Use at most ${SLUG_MAX} characters.`)
  .regex(/^[a-z0-9-]+$/, "Use only lower-case letters, digits and hyphens.")
  .refine((s) => !s.startsWith("-") && !s.endsWith("-"), "Don't start or end with a hyphen.")
  .refine((s) => !RESERVED_SLUGS.has(s), "This address is reserved. Choose another.");

export const CreateWorkspaceSchema = z.strictObject({
  name: WorkspaceNameField,
  slug: WorkspaceSlugField,
});
export type CreateWorkspaceInput = z.infer<typeof CreateWorkspaceSchema>;

/** Settings → General: the name and the address (owners). */
export const UpdateWorkspaceSchema = z.strictObject({
  workspaceId: z.uuid(),
  name: WorkspaceNameField,
  slug: WorkspaceSlugField,
});
export type UpdateWorkspaceInput = z.infer<typeof UpdateWorkspaceSchema>;
