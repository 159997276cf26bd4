import { z } from "./zod";
import { isAvatarColor } from "@/shared/avatar-colors";
import { EmailField, PersonNameField } from "./fields";

/** One of the palette's avatar colours (src/shared/avatar-colors.ts). */
export const AvatarColorField = z.string().refine(isAvatarColor, "Choose one of the colours shown.");

/** The profile's name and avatar colour: the name follows sign-up's rule (docs/product.md "Validation"). */
export const UpdateProfileSchema = z.strictObject({
  name: PersonNameField,
  color: AvatarColorField,
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileSchema>;

/** A new email address, confirmed with the account's current password. */
export const ChangeEmailSchema = z.strictObject({
  email: EmailField,
  // Any length is checked against the hash, as at sign-in.
  currentPassword: z.string().min(1, "Enter your current password.").max(1024, "Enter your current password."),
});
export type ChangeEmailInput = z.infer<typeof ChangeEmailSchema>;
