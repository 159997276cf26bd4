import type { InvitationCreatedDto } from "@/shared/dto";
import type { CreateInvitationInput } from "@/shared/schemas/member";
import type { ServiceContext } from "@/server/context";
import { mailLinkOrigin } from "@/server/mail/mail-link-origin";
import type { Mailer } from "@/server/mail/mailer";
import { getMailer } from "@/server/mail/mailer";
import { invitationEmail } from "@/server/services/invitations/internal/invitation-email";
import { getInvitationLimiter } from "@/server/services/invitations/internal/invitation-limiter";
import { createInvitation } from "./create-invitation";

/**
 * Settings → Invitations: invites an address (createInvitation, at most 50 an hour per
 * person) and builds its link. With SMTP set up the link is on PUBLIC_URL (mailLinkOrigin), never on
 * the request's Host, and is emailed; without, it is on `origin` (the page's own, publicOrigin)
 * and only shown. The link is always returned, to show and copy, whatever happened to the email.
 * @throws AppError rate_limited | not_found | forbidden | validation_failed
 */
export async function inviteMember(ctx: ServiceContext, input: CreateInvitationInput, origin: string): Promise<InvitationCreatedDto & { workspaceSlug: string }> {
  await getInvitationLimiter().take(ctx.actor.id);
  const { invitation, token, workspace } = await createInvitation(ctx, input);
  const mailer = getMailer();
  const link = `${mailer ? mailLinkOrigin() : origin}/invite/${token}`;
  const emailStatus = await sendInvitation(mailer, { to: invitation.email, workspaceName: workspace.name, inviterName: ctx.actor.name, role: invitation.role, link }, workspace.id);
  return { email: invitation.email, role: invitation.role, link, emailStatus, workspaceSlug: workspace.slug };
}

async function sendInvitation(mailer: Mailer | null, mail: Parameters<typeof invitationEmail>[0], workspaceId: string): Promise<InvitationCreatedDto["emailStatus"]> {
  if (!mailer) return "not_configured";
  try {
    await mailer.send(invitationEmail(mail));
    return "sent";
  } catch (error) {
    // The link is on screen either way. Log ids only: the mail holds the token and the address.
    console.error(`[mail] invitation email failed (workspaceId ${workspaceId}):`, error instanceof Error ? error.message : error);
    return "failed";
  }
}
