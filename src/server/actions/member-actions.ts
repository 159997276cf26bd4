"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import type { ActionResult } from "@/shared/api-error";
import type { InvitationCreatedDto } from "@/shared/dto";
import type { FormState } from "@/shared/form-state";
import type { ChangeMemberRoleInput, LeaveWorkspaceInput, RemoveMemberInput, RevokeInvitationInput } from "@/shared/schemas/member";
import {
  AcceptInvitationSchema,
  ChangeMemberRoleSchema,
  CreateInvitationSchema,
  LeaveWorkspaceSchema,
  RemoveMemberSchema,
  RevokeInvitationSchema,
} from "@/shared/schemas/member";
import { clientIpOf } from "@/server/auth/client-ip";
import { requireActor } from "@/server/auth/session";
import type { ServiceContext } from "@/server/context";
import { getDb } from "@/server/db/database";
import { getEnv } from "@/server/env";
import { publicOrigin } from "@/server/http/public-origin";
import { acceptInvitation } from "@/server/services/invitations/accept-invitation";
import { inviteMember } from "@/server/services/invitations/invite-member";
import { reissueInvitation } from "@/server/services/invitations/reissue-invitation";
import { revokeInvitation } from "@/server/services/invitations/revoke-invitation";
import { changeMemberRole } from "@/server/services/members/change-member-role";
import { leaveWorkspace } from "@/server/services/members/leave-workspace";
import { removeMember } from "@/server/services/members/remove-member";
import { findWorkspaceForMember } from "@/server/services/workspaces/find-workspace-for-member";
import { formStateFromError, formValues, parseForm } from "./form-helpers";
import { runAction } from "./run-action";

/** What the invite form shows: field errors, or the new invitation's link. */
export interface InviteFormState extends FormState {
  created?: InvitationCreatedDto;
}

/** Settings → Invitations: invites an address; the link is always returned, and emailed when SMTP is set up. */
export async function inviteMemberAction(_previous: InviteFormState, formData: FormData): Promise<InviteFormState> {
  const actor = await requireActor();
  const values = formValues(formData, ["workspaceId", "email", "role"]);
  const parsed = parseForm(CreateInvitationSchema, values, values);
  if ("state" in parsed) return parsed.state;
  try {
    const { workspaceSlug, ...created } = await inviteMember({ db: await getDb(), actor, clientIp: clientIpOf(await headers()) }, parsed.data, publicOrigin(await headers(), getEnv()));
    revalidatePath(`/w/${workspaceSlug}/settings/invitations`);
    return {
      success: created.emailStatus === "sent" ? `Invitation emailed to ${created.email}.` : `Invitation created for ${created.email}.`,
      values: { role: created.role },
      created,
    };
  } catch (error) {
    return formStateFromError(error, values);
  }
}

/** Settings → Invitations → "Revoke": the link stops working. */
export async function revokeInvitationAction(input: RevokeInvitationInput): Promise<ActionResult<{ id: string }>> {
  return runAction(RevokeInvitationSchema, input, async (ctx, data) => {
    const { id, workspaceSlug } = await revokeInvitation(ctx, data);
    revalidatePath(`/w/${workspaceSlug}/settings/invitations`);
    return { id };
  });
}

/** Settings → Invitations: a new link for a pending invitation (the old one stops working). */
export async function reissueInvitationAction(input: RevokeInvitationInput): Promise<ActionResult<InvitationCreatedDto>> {
  return runAction(RevokeInvitationSchema, input, async (ctx, data) => {
    const { workspaceSlug, ...created } = await reissueInvitation(ctx, data, publicOrigin(await headers(), getEnv()));
    revalidatePath(`/w/${workspaceSlug}/settings/invitations`);
    return created;
  });
}

/** Settings → Members: the role menu. */
export async function changeMemberRoleAction(input: ChangeMemberRoleInput): Promise<ActionResult<{ userId: string; role: string }>> {
  return runAction(ChangeMemberRoleSchema, input, async (ctx, data) => {
    const result = await changeMemberRole(ctx, data);
    await revalidateWorkspace(ctx, data.workspaceId);
    return result;
  });
}

/** Settings → Members → "Remove" (after confirming). */
export async function removeMemberAction(input: RemoveMemberInput): Promise<ActionResult<{ userId: string }>> {
  return runAction(RemoveMemberSchema, input, async (ctx, data) => {
    const result = await removeMember(ctx, data);
    await revalidateWorkspace(ctx, data.workspaceId);
    return result;
  });
}

/** Settings → Members → "Leave workspace" (after confirming); the page then goes to `/`. */
export async function leaveWorkspaceAction(input: LeaveWorkspaceInput): Promise<ActionResult<{ workspaceId: string }>> {
  return runAction(LeaveWorkspaceSchema, input, async (ctx, data) => {
    const result = await leaveWorkspace(ctx, data);
    revalidatePath("/", "layout");
    return result;
  });
}

/** /invite/[token] → "Join": the signed-in person becomes a member and opens the workspace. */
export async function acceptInvitationAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ["token"]);
  const parsed = parseForm(AcceptInvitationSchema, values, {});
  if ("state" in parsed) return { message: parsed.state.fields?.token ?? "This invitation link is not valid." };
  const actor = await requireActor(`/invite/${parsed.data.token}`);
  let slug: string;
  try {
    slug = (await acceptInvitation({ db: await getDb(), actor, clientIp: clientIpOf(await headers()) }, parsed.data.token)).workspace.slug;
  } catch (error) {
    return formStateFromError(error, {});
  }
  revalidatePath("/", "layout");
  redirect(`/w/${slug}`);
}

async function revalidateWorkspace(ctx: ServiceContext, workspaceId: string): Promise<void> {
  const { slug } = await findWorkspaceForMember(ctx, { id: workspaceId });
  revalidatePath(`/w/${slug}`, "layout");
}
