import { escapeHtml } from "./escape-html";
import type { Mail } from "./mailer";

/** How long the link that finishes a sign-up works. */
export const FINISH_SIGN_UP_HOURS = 24;

/** To a new account: the link that confirms the address, signs in and opens the new workspace. */
export function finishSignUpEmail(mail: { to: string; name: string; workspaceName: string; link: string }): Mail {
  const intro = `Hi ${mail.name}, your Quire account and the workspace “${mail.workspaceName}” are ready.`;
  const outro = `The link works for ${FINISH_SIGN_UP_HOURS} hours. If you didn't sign up, you can ignore this email.`;
  return {
    to: mail.to,
    subject: "Finish creating your Quire account",
    text: `${intro}\n\nConfirm your email address and open your workspace:\n${mail.link}\n\n${outro}\n`,
    html:
      `<p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(mail.link)}">Confirm your email address and open your workspace</a></p>` +
      `<p>${escapeHtml(outro)}</p>`,
  };
}

/**
 * To the owner of an address someone tried to sign up with again: the sign-up form answered as
 * for a new address (docs/product.md "Validation"), so only the owner learns that it was taken.
 */
export function existingAccountEmail(mail: { to: string; signInLink: string }): Mail {
  const intro = "Someone, maybe you, tried to create a Quire account with this email address, which already has one. No new account was made.";
  const outro = "If it wasn't you, you can ignore this email: nothing changed.";
  return {
    to: mail.to,
    subject: "You already have a Quire account",
    text: `${intro}\n\nSign in to your account:\n${mail.signInLink}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p>` + `<p><a href="${escapeHtml(mail.signInLink)}">Sign in to your account</a></p>` + `<p>${escapeHtml(outro)}</p>`,
  };
}

/** How long the link that confirms a new email address works. */
export const CONFIRM_NEW_EMAIL_HOURS = 24;

/** To the new address someone gave on their profile: the link that makes it the account's email. */
export function confirmNewEmailEmail(mail: { to: string; name: string; link: string }): Mail {
  const intro = `Hi ${mail.name}, you asked to use this address for your Quire account.`;
  const outro = `The link works for ${CONFIRM_NEW_EMAIL_HOURS} hours. Until it is opened, you keep signing in with your old address. If you didn't ask for this, you can ignore this email.`;
  return {
    to: mail.to,
    subject: "Confirm your new email address for Quire",
    text: `${intro}\n\nConfirm the new address:\n${mail.link}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p>` + `<p><a href="${escapeHtml(mail.link)}">Confirm the new address</a></p>` + `<p>${escapeHtml(outro)}</p>`,
  };
}
