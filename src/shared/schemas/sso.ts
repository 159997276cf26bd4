import { z } from "./zod";
import { controlCharacterError, hasNoControlCharacter } from "./fields";

/** The roles a first SSO sign-in may give: never admin or owner (those are given by people). */
export const SSO_DEFAULT_ROLES = ["viewer", "commenter", "editor"] as const;

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

function isPlainIssuer(issuer: string): boolean {
  if (!URL.canParse(issuer)) return false;
  const url = new URL(issuer);
  return !url.search && !url.hash && !url.username && !url.password;
}

/** Settings → Authentication: a workspace's OpenID Connect provider. An empty secret keeps the saved one. */
export const SaveSsoProviderSchema = z.strictObject({
  workspaceId: z.uuid("This is not a workspace id."),
  label: z
    .string()
    .trim()
    .min(1, "Give the button a label.")
    .max(60, "Labels are at most 60 characters.")
    .refine(hasNoControlCharacter, controlCharacterError("Labels")),
  issuer: z
    .url({ protocol: /^https?$/, error: "Enter the issuer's address, e.g. https://login.example.com." })
    .max(2000, "Addresses are at most 2,000 characters.")
    // OpenID Connect's issuer identifier: no query, fragment or credentials (Discovery 1.0 §2).
    .refine((issuer) => isPlainIssuer(issuer), "Enter the issuer's address without a query, fragment or password."),
  clientId: z
    .string()
    .trim()
    .min(1, "Enter the client id.")
    .max(500, "Client ids are at most 500 characters.")
    .refine(hasNoControlCharacter, controlCharacterError("Client ids")),
  clientSecret: z.string().max(2000, "Secrets are at most 2,000 characters.").optional().default(""),
  allowedDomains: z
    .string()
    .max(2000, "List at most 2,000 characters of domains.")
    .optional()
    .default("")
    .transform((list) => list.split(/[,\s]+/).map((d) => d.trim().toLowerCase().replace(/^@/, "")).filter(Boolean))
    .refine((domains) => domains.every((d) => DOMAIN.test(d)), "List domains like example.com, separated by commas."),
  defaultRole: z.enum(SSO_DEFAULT_ROLES, { error: "Choose viewer, commenter or editor." }),
});
export type SaveSsoProviderInput = z.input<typeof SaveSsoProviderSchema>;
export type SaveSsoProviderData = z.output<typeof SaveSsoProviderSchema>;

export const RemoveSsoProviderSchema = z.strictObject({ workspaceId: z.uuid("This is not a workspace id.") });
export type RemoveSsoProviderInput = z.input<typeof RemoveSsoProviderSchema>;
