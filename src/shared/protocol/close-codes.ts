/**
 * What the collaboration server tells an editor, and the words the editor shows for it. The wire
 * carries codes (close codes, and reason keys in close reasons, refusals and stateless messages);
 * the sentences stay here, on the client's side of that contract, so the server never sends
 * English and the client never matches on it.
 */

/** A socket past its session's or its address's connection limit (COLLAB_MAX_CONNECTIONS_PER_SESSION, _PER_ADDRESS). */
export const CLOSE_TOO_MANY_CONNECTIONS = 4429;
/**
 * The server closed one document's connection after a re-check; the close reason is an
 * AccessLostReason. (Hocuspocus relays a document-level close to the provider as 1000 with the
 * reason, so the editor reads the reason, not the code.)
 */
export const CLOSE_FORBIDDEN = 4403;
/** The server refused a document update: it cannot make it safe, or it is past the size limits (the close reason, a RefusedUpdateReason, says which). */
export const CLOSE_INVALID_UPDATE = 4422;

/** Why a connection was refused at authentication (Hocuspocus's permission-denied reason), and what the editor says. */
export const AUTH_REFUSED_TEXT = {
  unauthenticated: "Your session has expired. Sign in again to keep editing.",
  forbidden: "You don't have access to this document.",
  // A member of a workspace that requires two-factor, without it on (docs/product.md "Account security").
  twoFactorRequired: "This workspace requires two-factor authentication. Turn it on in Profile → Security.",
  // Said to members only (they can see the trash); to anyone else a trashed document is unknown.
  trashed: "This document was moved to the trash.",
} as const;
export type AuthRefusedReason = keyof typeof AUTH_REFUSED_TEXT;

/** Why the server closed an open document connection after a re-check (the close reason), and what the editor says. */
export const ACCESS_LOST_TEXT = {
  removed: "You no longer have access to this document.",
  trashed: AUTH_REFUSED_TEXT.trashed,
  signedOut: AUTH_REFUSED_TEXT.unauthenticated,
  // The workspace began to require two-factor, or its member turned theirs off.
  twoFactorRequired: AUTH_REFUSED_TEXT.twoFactorRequired,
} as const;
export type AccessLostReason = keyof typeof ACCESS_LOST_TEXT;

/**
 * Why the server refused a document update (the close reason of CLOSE_INVALID_UPDATE), and what
 * the editor says: malformed or not a Quill body; more items (runs of text, format marks, embeds)
 * and new deletions in one change than the server takes (COLLAB_MAX_UPDATE_ITEMS); a value (an
 * image's data: address) larger than an upload may be (MAX_VALUE_BYTES); or more items or bytes
 * than one document may hold (COLLAB_MAX_DOCUMENT_ITEMS, COLLAB_MAX_DOCUMENT_BYTES). The editor's own changes stay far below
 * both: the largest it was seen to send is a 1,000,000-character formatted book pasted at once
 * (docs/architecture.md "Collaboration"). The editor then offers the text as shown and forgets this
 * device's copy, which would offer the refused change again at every reconnect.
 */
export const REFUSED_UPDATE_TEXT = {
  invalid_update: "This change could not be saved. Reload the page to continue.",
  update_too_large:
    "This change is too large to save in one piece (a paste of hundreds of pages, formatted word by word). Reload the page, and add such text in parts.",
  value_too_large:
    "This change holds an image larger than 10 MB, which a document can't take. Reload the page, and add the image as a file of at most 10 MB.",
  document_too_large:
    "This document can't take more: it holds as much text, images and editing history as one document may. Reload the page to go on; put new text or images in another document.",
} as const;
export type RefusedUpdateReason = keyof typeof REFUSED_UPDATE_TEXT;

/**
 * A stateless message (`{ type, reason }` as JSON, reason an UpdateAdjustedReason) the server
 * sends to the client whose update it changed before storing it: unsafe values were replaced, or
 * an edit past the length limit was dropped. The update itself was accepted in its changed form,
 * so the client stays in sync.
 */
export const UPDATE_ADJUSTED_MESSAGE = "quire:update-adjusted";
export const UPDATE_ADJUSTED_TEXT = {
  unsafe_content: "Some links, images or formatting in your change were not allowed and were removed or blanked.",
  body_too_long: "This document has reached its limit of 1,000,000 characters. Your last change was not saved.",
} as const;
export type UpdateAdjustedReason = keyof typeof UPDATE_ADJUSTED_TEXT;

/**
 * A stateless message (`{ type, isFailing }` as JSON) telling a document's open editors that the
 * server has failed to store it several times in a row and keeps trying, less often each time
 * (`isFailing: true`), or that it stored it again (`false`). Changes stay in the server's memory
 * and on each device meanwhile.
 */
export const STORE_FAILING_MESSAGE = "quire:store-failing";
export const STORE_FAILING_TEXT = {
  failing: "The server can't save this document right now; your changes are kept on this device and it keeps trying. Download a copy if you need it now.",
  stored: "The server saved this document again.",
} as const;

/**
 * A stateless message (`{ type, canEdit }` as JSON) telling an open editor that the person's
 * role changed: the server now refuses (or accepts again) its document updates.
 */
export const ACCESS_CHANGED_MESSAGE = "quire:access-changed";

/**
 * A stateless message (`{ type, canEdit }` as JSON) every connection gets once it is established:
 * whether the server takes its document updates. A page opened (or kept open offline) while the
 * person could edit learns here that it no longer can, before it counts on changes the server
 * drops; the editor says so only when it differs from what the page believed.
 */
export const ACCESS_MESSAGE = "quire:access";

/**
 * A stateless message telling a document's open editors that someone restored a version:
 * `{ type, by: { id, name }, version: { name, createdAt }, keptIn }` as JSON: who restored it, the
 * version restored (its name, null for an unnamed one), and the id of the `restore` revision that
 * keeps the text it replaced (docs/product.md "History and restore").
 */
export const VERSION_RESTORED_MESSAGE = "quire:version-restored";

/**
 * A stateless message (`{ type, title }` as JSON) telling a document's open editors its title was
 * saved (renamed by someone, anywhere): the title field and the page follow it.
 */
export const DOCUMENT_RENAMED_MESSAGE = "quire:renamed";

/** Whether `value` is one of `table`'s keys: a reason code from the wire, checked before it indexes a table. */
export function isReasonOf<T extends object>(table: T, value: unknown): value is keyof T & string {
  return typeof value === "string" && Object.hasOwn(table, value);
}
