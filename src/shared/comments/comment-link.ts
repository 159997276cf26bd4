/**
 * A link to one comment on its document's page: the page's address with `#comment-<id>`. The
 * fragment never reaches the server, so the page opens as usual and the comments panel, once it
 * has the threads, opens the one holding that comment and moves focus to it.
 */
const PREFIX = "#comment-";

export function commentFragment(commentId: string): string {
  return `${PREFIX}${commentId}`;
}

/** The comment id a location's hash points at, or null (also for a broken escape typed or cut by hand). */
export function linkedCommentId(hash: string): string | null {
  if (!hash.startsWith(PREFIX)) return null;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(PREFIX.length));
  } catch {
    return null;
  }
  return id === "" ? null : id;
}

/** The DOM id of a comment in the panel (the element the link focuses). */
export function commentElementId(commentId: string): string {
  return `comment-${commentId}`;
}
