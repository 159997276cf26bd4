import { z } from "./zod";
import { controlCharacterError, hasNoControlCharacter } from "./fields";

// As for the password change: any length is checked against the hash.
const PasswordCheckField = z.string().min(1, "Enter your password.").max(1024, "Enter your password.");

/** Turning two-factor on, making new backup codes, turning it off: each asks for the password. */
export const TwoFactorPasswordSchema = z.strictObject({ password: PasswordCheckField });
export type TwoFactorPasswordInput = z.infer<typeof TwoFactorPasswordSchema>;

/** A code from the authenticator app: six digits, spaces people type between them ignored. */
export const TotpCodeField = z
  .string()
  .transform((code) => code.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app."));

/** A backup code as shown ("AbCdE-12345"): letters, digits and its dash; spaces ignored, a dash left out put back. */
export const BackupCodeField = z
  .string()
  .transform((code) => code.replace(/\s+/g, ""))
  .transform((code) => (/^[A-Za-z0-9]{10}$/.test(code) ? `${code.slice(0, 5)}-${code.slice(5)}` : code))
  .pipe(z.string().regex(/^[A-Za-z0-9-]{6,40}$/, "Enter one of your backup codes, like AbCdE-12345."));

/** Confirming the enrolment with the app's first code. */
export const ConfirmTwoFactorSchema = z.strictObject({ code: TotpCodeField });
export type ConfirmTwoFactorInput = z.infer<typeof ConfirmTwoFactorSchema>;

/** The sign-in's second step: an app code, or one backup code. */
export const TwoFactorSignInSchema = z.discriminatedUnion("method", [
  z.strictObject({ method: z.literal("totp"), code: TotpCodeField }),
  z.strictObject({ method: z.literal("backup"), code: BackupCodeField }),
]);
export type TwoFactorSignInInput = z.infer<typeof TwoFactorSignInSchema>;

/** A workspace's "Require two-factor authentication" (Settings → General, admins and owners). */
export const SetTwoFactorRequirementSchema = z.strictObject({ workspaceId: z.uuid(), required: z.boolean() });
export type SetTwoFactorRequirementInput = z.infer<typeof SetTwoFactorRequirementSchema>;

export const PasskeyNameField = z
  .string()
  .trim()
  .min(1, "Name the passkey, like “Work laptop”.")
  .max(60, "Passkey names are at most 60 characters.")
  .refine(hasNoControlCharacter, controlCharacterError("Passkey names"));

/** A registration the browser made (WebAuthn's JSON, checked by better-auth) and its name. */
export const AddPasskeySchema = z.strictObject({ response: z.record(z.string(), z.unknown()), name: PasskeyNameField });
export type AddPasskeyInput = z.infer<typeof AddPasskeySchema>;

export const RenamePasskeySchema = z.strictObject({ passkeyId: z.string().min(1).max(100), name: PasskeyNameField });
export type RenamePasskeyInput = z.infer<typeof RenamePasskeySchema>;

export const RemovePasskeySchema = z.strictObject({ passkeyId: z.string().min(1).max(100) });
export type RemovePasskeyInput = z.infer<typeof RemovePasskeySchema>;

/** A sign-in assertion the browser made, and where to go after. */
export const PasskeySignInSchema = z.strictObject({ response: z.record(z.string(), z.unknown()) });
export type PasskeySignInInput = z.infer<typeof PasskeySignInSchema>;
