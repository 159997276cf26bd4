/**
 * A member mention as it is stored in a document body or a comment body: a Quill embed
 * `{ insert: { mention: { id, name } } }`. `id` is the user's id and is what counts (notifications,
 * the current name shown); `name` is the name when the mention was made, shown only when the
 * person is no longer known to the reader (a removed member, an export without member lookup).
 */
export interface MentionValue {
  id: string;
  name: string;
}

/** The embed's key in a delta insert, and the blot name the editor registers. */
export const MENTION_EMBED = "mention";
/** Longest kept name and id: both come from clients and are checked again on the server. */
export const MAX_MENTION_NAME_CHARS = 200;
const MAX_MENTION_ID_CHARS = 100;
/** A mention's id as kept: a user id's letters, digits, _ and -. */
export const MENTION_ID = new RegExp(`^[\\w-]{1,${MAX_MENTION_ID_CHARS}}$`);

/** The mention in one op's insert, or null when it is not a well-formed mention. */
export function mentionValueOf(insert: unknown): MentionValue | null {
  if (typeof insert !== "object" || insert === null) return null;
  const value = (insert as Record<string, unknown>)[MENTION_EMBED];
  if (typeof value !== "object" || value === null) return null;
  const { id, name } = value as Record<string, unknown>;
  if (typeof id !== "string" || !MENTION_ID.test(id)) return null;
  // Trimmed again after the cut, so reading a mention this gives back changes nothing (a cut
  // that ends on a space would otherwise lose it only the second time: sanitising must be idempotent).
  const shownName = typeof name === "string" ? name.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, MAX_MENTION_NAME_CHARS).trimEnd() : "";
  return { id, name: shownName };
}

/** The distinct user ids mentioned in a delta's ops, in order of first mention. */
export function mentionedUserIds(ops: ReadonlyArray<{ insert?: unknown }>): string[] {
  const ids = new Set<string>();
  for (const op of ops) {
    const mention = mentionValueOf(op.insert);
    if (mention) ids.add(mention.id);
  }
  return [...ids];
}

/** How a mention reads as plain text (exports, search, email): "@" and the name. */
export function mentionText(mention: MentionValue, currentName?: string | null): string {
  return `@${currentName ?? (mention.name || "someone")}`;
}
