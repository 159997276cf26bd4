/** The JSON API's error codes and their HTTP statuses (docs/product.md "Errors"). */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Field name → message, for `validation_failed` and form errors. */
export type FieldErrors = Record<string, string>;

/** The body of every `/api/*` error response. */
export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; fields?: FieldErrors };
}

/** What a server action returns: expected failures travel as values (docs/architecture.md "Conventions"). */
export type ActionResult<T = undefined> =
  | { ok: true; data: T }
  | { ok: false; code: ErrorCode; message: string; fields?: FieldErrors };
