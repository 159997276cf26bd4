/** WebSocket close codes the collaboration server uses; the client imports the same constants. */
export const CLOSE_UNAUTHENTICATED = 4401;
export const CLOSE_FORBIDDEN = 4403;
export const CLOSE_NOT_FOUND = 4404;

/** Reasons sent with an authentication refusal through the Hocuspocus protocol. */
export const AUTH_REFUSED_REASON = {
  unauthenticated: "Your session has expired. Sign in again to keep editing.",
  forbidden: "You don't have access to this document.",
} as const;
