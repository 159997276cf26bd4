import type { z } from "zod";
import type { ErrorCode, FieldErrors } from "@/shared/api-error";
import { ERROR_STATUS } from "@/shared/api-error";

/** An expected failure a service reports; route handlers and actions turn it into a response. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    /** Extra response headers, e.g. Retry-After for `rate_limited`. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const TWO_FACTOR_REQUIRED_MESSAGE = "This workspace requires two-factor authentication. Turn it on in Profile → Security.";

/**
 * `forbidden` for a member acting in a workspace that requires two-factor while they have not
 * turned it on (docs/product.md "Account security"). Not `not_found`: they are a member and need
 * to know what to do. Its own class, so pages redirect to Profile → Security and the socket
 * refuses with its own reason without matching on the words.
 */
export class TwoFactorRequiredError extends AppError {
  constructor() {
    super("forbidden", TWO_FACTOR_REQUIRED_MESSAGE);
  }
}

/** Turns a false ability into a 403 — the one place a policy answer becomes an error. @throws AppError forbidden */
export function authorize(isAllowed: boolean, message = "You don't have permission to do that."): asserts isAllowed {
  if (!isAllowed) throw new AppError("forbidden", message);
}

/** Maps a zod failure to field messages, first message per field. */
export function fieldErrorsFrom(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Validation failure for one or more fields. */
export function validationError(fields: FieldErrors, message = "Some fields need attention."): AppError {
  return new AppError("validation_failed", message, fields);
}
