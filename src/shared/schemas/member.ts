import { z } from "./zod";
import { ROLES } from "@/shared/roles";
import { EmailField, hasNoControlCharacter, PasswordField, PersonNameField } from "./fields";

const WorkspaceIdField = z.uuid("This is not a workspace id.");
export const RoleField = z.enum(ROLES, "Choose a role.");
/** A member's user id (a UUID for every account; anything one line names no one, and is not found). */
const MemberUserIdField = z.string().min(1).max(100).refine(hasNoControlCharacter, "This is not a user id.");
/** The secret in an invitation link: 43 URL-safe base64 characters (32 random bytes). */
export const InvitationTokenField = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "This invitation link is not valid.");

export const CreateInvitationSchema = z.strictObject({
  workspaceId: WorkspaceIdField,
  email: EmailField,
  role: RoleField,
});
export type CreateInvitationInput = z.infer<typeof CreateInvitationSchema>;

export const RevokeInvitationSchema = z.strictObject({ invitationId: z.uuid("This is not an invitation id.") });
export type RevokeInvitationInput = z.infer<typeof RevokeInvitationSchema>;

export const AcceptInvitationSchema = z.strictObject({ token: InvitationTokenField });
export type AcceptInvitationInput = z.infer<typeof AcceptInvitationSchema>;

export const ChangeMemberRoleSchema = z.strictObject({
  workspaceId: WorkspaceIdField,
  userId: MemberUserIdField,
  role: RoleField,
});
export type ChangeMemberRoleInput = z.infer<typeof ChangeMemberRoleSchema>;

export const RemoveMemberSchema = z.strictObject({
  workspaceId: WorkspaceIdField,
  userId: MemberUserIdField,
});
export type RemoveMemberInput = z.infer<typeof RemoveMemberSchema>;

export const LeaveWorkspaceSchema = z.strictObject({ workspaceId: WorkspaceIdField });
export type LeaveWorkspaceInput = z.infer<typeof LeaveWorkspaceSchema>;

/** Sign-up from an invitation link: no first workspace, the invited one instead. */
export const InvitedSignUpSchema = z.strictObject({
  name: PersonNameField,
  email: EmailField,
  password: PasswordField,
  token: InvitationTokenField,
});
export type InvitedSignUpInput = z.infer<typeof InvitedSignUpSchema>;
