/** WebSocket close codes the collaboration server uses; the client imports the same constants. */
export const CLOSE_UNAUTHENTICATED = 4401;
export const CLOSE_FORBIDDEN = 4403;
export const CLOSE_NOT_FOUND = 4404;
/** A socket past its session's or its address's connection limit (COLLAB_MAX_CONNECTIONS_PER_SESSION, _PER_ADDRESS). */
export const CLOSE_TOO_MANY_CONNECTIONS = 4429;

/** Reasons sent with an authentication refusal through the Hocuspocus protocol. */
export const AUTH_REFUSED_REASON = {
  unauthenticated: "Your session has expired. Sign in again to keep editing.",
  forbidden: "You don't have access to this document.",
} as const;

/** The server refused a document update it cannot make safe (malformed, or not a Quill body). */
export const CLOSE_INVALID_UPDATE = 4422;
export const INVALID_UPDATE_REASON = "This change could not be saved. Reload the page to continue.";

/**
 * A stateless message (`{ type, reason }` as JSON) the server sends to the client whose update
 * it changed before storing it: unsafe values were replaced, or an edit past the length limit
 * was dropped. The update itself was accepted in its changed form, so the client stays in sync.
 */
export const UPDATE_ADJUSTED_MESSAGE = "quire:update-adjusted";
export const UPDATE_ADJUSTED_REASON = {
  unsafe_content: "Some links, images or formatting in your change were not allowed and were removed or blanked.",
  body_too_long: "This document has reached its limit of 1,000,000 characters. Your last change was not saved.",
} as const;
export type UpdateAdjustedReason = keyof typeof UPDATE_ADJUSTED_REASON;

/**
 * A stateless message (`{ type, canEdit }` as JSON) telling an open editor that the person's
 * role changed: the server now refuses (or accepts again) its document updates.
 */
export const ACCESS_CHANGED_MESSAGE = "quire:access-changed";

/** Why the server closed an open document connection after a re-check (sent as the close reason). */
export const ACCESS_LOST_REASON = {
  removed: "You no longer have access to this document.",
  trashed: "This document was moved to the trash.",
  signedOut: AUTH_REFUSED_REASON.unauthenticated,
} as const;
export type AccessLostReason = keyof typeof ACCESS_LOST_REASON;
