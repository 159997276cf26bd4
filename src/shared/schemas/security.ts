import { z } from "./zod";
import { EmailField, PasswordField } from "./fields";

// Any length is checked against the hash, as at sign-in: the length rule is for choosing one.
const CurrentPasswordField = z.string().min(1, "Enter your current password.").max(1024, "Enter your current password.");

/** Profile → Security → password: the new one follows sign-up's rule (docs/product.md "Validation"). */
export const ChangePasswordSchema = z.strictObject({
  currentPassword: CurrentPasswordField,
  newPassword: PasswordField,
  signOutOthers: z.boolean(),
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

/** One of the person's sessions, by the id the security page lists (never its token). */
export const RevokeSessionSchema = z.strictObject({
  sessionId: z.string().min(1).max(100),
});
export type RevokeSessionInput = z.infer<typeof RevokeSessionSchema>;

/** "Forgot password?": the address to send a link to, if an account has it. */
export const RequestPasswordResetSchema = z.strictObject({
  email: EmailField,
});
export type RequestPasswordResetInput = z.infer<typeof RequestPasswordResetSchema>;

/** The emailed link's page: its token and the new password. */
export const ResetPasswordSchema = z.strictObject({
  token: z.string().min(1, "This link is not valid. Ask for a new one.").max(200, "This link is not valid. Ask for a new one."),
  newPassword: PasswordField,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordSchema>;

/** Profile → Security → a sign-in method's "Remove", by the id the page lists. */
export const RemoveSignInMethodSchema = z.strictObject({
  methodId: z.string().min(1).max(100),
});
export type RemoveSignInMethodInput = z.infer<typeof RemoveSignInMethodSchema>;
