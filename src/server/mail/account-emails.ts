import { escapeHtml } from "./escape-html";
import type { Mail } from "./mailer";

/** How long the link that finishes a sign-up works. */
export const FINISH_SIGN_UP_HOURS = 24;

/**
 * To a new account: the link that confirms the address, signs in and opens its workspace, the new
 * one or (`joined`, an invited sign-up) the one it joined.
 */
export function finishSignUpEmail(mail: { to: string; name: string; workspaceName: string; link: string; joined?: boolean }): Mail {
  const intro = mail.joined
    ? `Hi ${mail.name}, your Quire account is ready, and you have joined the workspace “${mail.workspaceName}”.`
    : `Hi ${mail.name}, your Quire account and the workspace “${mail.workspaceName}” are ready.`;
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
 * It offers "Forgot password?" too: the account may be one someone else made with this address and
 * never confirmed, and a reset, its link mailed here, gives it to the address's owner.
 */
export function existingAccountEmail(mail: { to: string; signInLink: string }): Mail {
  // Both pages on the instance's origin, where the sign-in link already points.
  const resetLink = new URL("/forgot-password", mail.signInLink).href;
  const intro = "Someone, maybe you, tried to create a Quire account with this email address, which already has one. No new account was made.";
  const reset = "Don't know its password, or never made this account? Choose a new password: the link we send to this address makes the account yours.";
  const outro = "If it wasn't you, you can ignore this email: nothing changed.";
  return {
    to: mail.to,
    subject: "You already have a Quire account",
    text: `${intro}\n\nSign in to your account:\n${mail.signInLink}\n\n${reset}\n${resetLink}\n\n${outro}\n`,
    html:
      `<p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(mail.signInLink)}">Sign in to your account</a></p>` +
      `<p>${escapeHtml(reset)} <a href="${escapeHtml(resetLink)}">Choose a new password</a></p>` +
      `<p>${escapeHtml(outro)}</p>`,
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

/**
 * To an account whose address isn't confirmed, after a sign-in with its right password was refused
 * (SMTP set up): the link confirms the address and signs in. It may not have been the address's
 * owner who signed in (anyone can sign up with any address), so the email says not to open it then.
 */
export function confirmAddressEmail(mail: { to: string; name: string; link: string }): Mail {
  const intro = `Hi ${mail.name}, someone signed in to the Quire account of this email address with its password, but the address isn't confirmed yet, so the sign-in was refused.`;
  const mine = `If it was you, confirm the address and sign in. The link works for ${CONFIRM_NEW_EMAIL_HOURS} hours.`;
  const notMine = "If you never made a Quire account, don't open the link: someone else made one with your address. To take it over, choose a new password with “Forgot password?” on the sign-in page.";
  return {
    to: mail.to,
    subject: "Confirm your email address for Quire",
    text: `${intro}\n\n${mine}\n${mail.link}\n\n${notMine}\n`,
    html:
      `<p>${escapeHtml(intro)}</p>` +
      `<p>${escapeHtml(mine)} <a href="${escapeHtml(mail.link)}">Confirm the address and sign in</a></p>` +
      `<p>${escapeHtml(notMine)}</p>`,
  };
}
