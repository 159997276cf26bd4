import type { Role } from "@/shared/roles";
import { roleWithArticle } from "@/shared/roles";
import { escapeHtml } from "@/server/mail/escape-html";
import type { Mail } from "@/server/mail/mailer";
import { INVITATION_TTL_DAYS } from "@/shared/invitations";

/** The invitation email: who invites, to which workspace, as what, and the link. */
export function invitationEmail(invitation: {
  to: string;
  workspaceName: string;
  inviterName: string;
  role: Role;
  link: string;
}): Mail {
  const intro = `${invitation.inviterName} invited you to join “${invitation.workspaceName}” on Quire as ${roleWithArticle(invitation.role)}.`;
  const outro = `The link works for ${INVITATION_TTL_DAYS} days. If you weren't expecting this, you can ignore this email.`;
  return {
    to: invitation.to,
    subject: `Join ${invitation.workspaceName} on Quire`,
    text: `${intro}\n\nAccept the invitation:\n${invitation.link}\n\n${outro}\n`,
    html:
      `<p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(invitation.link)}">Accept the invitation</a></p>` +
      `<p>${escapeHtml(outro)}</p>`,
  };
}
