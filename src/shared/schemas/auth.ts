import { z } from "./zod";
import { EmailField, PasswordField, PersonNameField } from "./fields";
import { WorkspaceNameField, WorkspaceSlugField } from "./workspace";

export const SignUpSchema = z.strictObject({
  name: PersonNameField,
  email: EmailField,
  password: PasswordField,
  workspaceName: WorkspaceNameField,
  workspaceSlug: WorkspaceSlugField,
});
export type SignUpInput = z.infer<typeof SignUpSchema>;

export const SignInSchema = z.strictObject({
  email: EmailField,
  // Any length is checked against the hash: the length rule is for choosing one.
  password: z.string().min(1, "Enter your password.").max(1024, "Enter your password."),
});
export type SignInInput = z.infer<typeof SignInSchema>;
