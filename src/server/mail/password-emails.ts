import { escapeHtml } from "./escape-html";
import type { Mail } from "./mailer";

/** How long a password-reset link works. */
export const RESET_PASSWORD_HOURS = 1;

/** To the owner of an account someone asked a password reset for: the link to the new-password page. */
export function resetPasswordEmail(mail: { to: string; name: string; link: string }): Mail {
  const intro = `Hi ${mail.name}, someone, maybe you, asked to reset the password of your Quire account.`;
  const outro = `The link works for ${RESET_PASSWORD_HOURS} hour and only once; choosing a new password signs you out everywhere. If you didn't ask for this, you can ignore this email: your password stays as it is.`;
  return {
    to: mail.to,
    subject: "Reset your Quire password",
    text: `${intro}\n\nChoose a new password:\n${mail.link}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p>` + `<p><a href="${escapeHtml(mail.link)}">Choose a new password</a></p>` + `<p>${escapeHtml(outro)}</p>`,
  };
}
