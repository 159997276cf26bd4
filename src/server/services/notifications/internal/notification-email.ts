import { escapeHtml } from "@/server/mail/escape-html";
import type { Mail } from "@/server/mail/mailer";
import type { NotificationRowForPresenter } from "@/server/presenters/present-notification";
import { notificationHref, notificationText } from "@/server/presenters/present-notification";
import type { NotificationKind } from "@/shared/notifications";
import { NOTIFICATION_KIND_LABELS } from "@/shared/notifications";
import { unsubscribeToken } from "./unsubscribe-token";

/**
 * One person's batch as one email: each notification's sentence and link, then one unsubscribe
 * link per kind it holds. The List-Unsubscribe header (RFC 2369) points at the one-click POST
 * endpoint with a token for every kind in the message, and List-Unsubscribe-Post (RFC 8058) says
 * a POST of `List-Unsubscribe=One-Click` is enough, so mail clients can offer it without a session.
 */
export function notificationEmail(to: { email: string; userId: string }, items: NotificationRowForPresenter[], origin: string, secret?: string): Mail {
  const kinds = [...new Set(items.map((item) => item.kind))];
  const lines = items.map((item) => {
    const href = notificationHref(item);
    return { text: notificationText(item), link: href ? new URL(href, origin).toString() : null };
  });
  const unsubscribeLinks = kinds.map((kind) => ({ kind, link: `${origin}/unsubscribe?token=${unsubscribeToken(to.userId, [kind], secret)}` }));
  const oneClick = `${origin}/api/v1/notifications/unsubscribe?token=${unsubscribeToken(to.userId, kinds, secret)}`;
  const subject = items.length === 1 ? (lines[0]?.text ?? "A new notification") : `${items.length} new notifications on Quire`;
  const stopText = (kind: NotificationKind) => `Stop emails about: ${NOTIFICATION_KIND_LABELS[kind].toLowerCase()}`;
  return {
    to: to.email,
    subject,
    text:
      `You have ${items.length === 1 ? "a notification" : `${items.length} notifications`} you haven't read on Quire:\n\n` +
      lines.map((line) => `- ${line.text}${line.link ? `\n  ${line.link}` : ""}`).join("\n") +
      `\n\n` +
      unsubscribeLinks.map(({ kind, link }) => `${stopText(kind)}\n${link}`).join("\n") +
      `\nOr choose in your account settings: ${origin}/profile#notifications\n`,
    html:
      `<p>You have ${items.length === 1 ? "a notification" : `${items.length} notifications`} you haven't read on Quire:</p><ul>` +
      lines.map((line) => `<li>${line.link ? `<a href="${escapeHtml(line.link)}">${escapeHtml(line.text)}</a>` : escapeHtml(line.text)}</li>`).join("") +
      `</ul><p>` +
      unsubscribeLinks.map(({ kind, link }) => `<a href="${escapeHtml(link)}">${escapeHtml(stopText(kind))}</a>`).join("<br>") +
      `</p>`,
    headers: { "List-Unsubscribe": `<${oneClick}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
