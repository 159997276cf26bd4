/** Text made safe for an email's HTML part: every character HTML gives meaning to, as a numeric reference. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
