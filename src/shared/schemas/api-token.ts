import { z } from "./zod";
import { controlCharacterError, hasNoControlCharacter } from "./fields";
import { TOKEN_SCOPES } from "@/shared/api-tokens";

/** Longest API token name (docs/product.md "Validation": names are 1–80 characters). */
export const MAX_TOKEN_NAME_CHARS = 80;

/** `YYYY-MM-DD` of today in UTC: an expiry must be a later day. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export const CreateApiTokenSchema = z.strictObject({
  workspaceId: z.uuid("This is not a workspace id."),
  name: z
    .string({ error: "Give the token a name." })
    .trim()
    .min(1, "Give the token a name.")
    .max(MAX_TOKEN_NAME_CHARS, `Names are at most ${MAX_TOKEN_NAME_CHARS} characters.`)
    .refine(hasNoControlCharacter, controlCharacterError("Token names")),
  scope: z.enum(TOKEN_SCOPES, { error: "Choose read or write." }),
  /** The last day (`YYYY-MM-DD`, UTC) the token works, after today; empty or omitted: it never expires. */
  expiresOn: z
    .union([z.literal(""), z.iso.date("Enter a date as YYYY-MM-DD.")])
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || value > todayUtc(), "Choose a date after today, or leave it empty."),
});
export type CreateApiTokenInput = z.input<typeof CreateApiTokenSchema>;
export type CreateApiTokenData = z.output<typeof CreateApiTokenSchema>;

export const RevokeApiTokenSchema = z.strictObject({ tokenId: z.uuid("This is not a token id.") });
export type RevokeApiTokenInput = z.infer<typeof RevokeApiTokenSchema>;
