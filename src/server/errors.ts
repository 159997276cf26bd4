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

/**
 * PostgreSQL's data exceptions that only input can cause (class 22): a NUL byte in text, a
 * malformed uuid or number, a date or number past what a column holds. The checks where input is
 * parsed refuse these first (docs/product.md "Validation"); this is the net under them, so a check
 * someone forgot still answers the client's 400 rather than a 500. The failed statement wrote
 * nothing, and a transaction around it rolls back.
 */
const INPUT_DATA_EXCEPTIONS: Record<string, string> = {
  "22021": "This request holds a character that can't be stored, such as a NUL byte.", // character_not_in_repertoire
  "22P05": "This request holds a character that can't be stored, such as a NUL byte.", // untranslatable_character (\u0000 in JSON)
  "22P02": "A value in this request is not in the form expected (an id, a number or a date).", // invalid_text_representation
  "22007": "A date in this request is not valid.", // invalid_datetime_format
  "22008": "A date in this request is out of range.", // datetime_field_overflow
  "22009": "A date in this request is out of range.", // invalid_time_zone_displacement_value ("+275760-…" reads as an offset)
  "22003": "A number in this request is out of range.", // numeric_value_out_of_range
  "22001": "A value in this request is too long.", // string_data_right_truncation
};

/**
 * The client's `bad_request` for a database error that input caused (INPUT_DATA_EXCEPTIONS), or
 * null for any other error. Drizzle wraps the driver's error (PGlite's or node-postgres's, both
 * with PostgreSQL's SQLSTATE in `code`) as its `cause`, so the chain is followed a few steps.
 */
export function inputErrorOf(error: unknown): AppError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    const message = typeof code === "string" && Object.hasOwn(INPUT_DATA_EXCEPTIONS, code) ? INPUT_DATA_EXCEPTIONS[code] : undefined;
    if (message !== undefined) return new AppError("bad_request", message);
    current = current.cause;
  }
  return null;
}

/**
 * The driver's own sentence for a database error ("invalid byte sequence for encoding …"), for a
 * log line: drizzle's wrapper adds the query and its parameters, which may hold document text.
 */
export function databaseMessageOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}

/** How much of an error's message, and of each stack line, a log line keeps. */
export const LOGGED_CHARS = 300;

/**
 * An error as a log line may hold it: never a body. Drizzle's "Failed query: … params: …" message
 * carries every parameter (a document's text, HTML and Yjs state: one failed store logged a 465 MB
 * line, QA fourth sweep #2), so the message is cut to LOGGED_CHARS, the cause's reason (the
 * driver's sentence) follows, and then the stack's first frames, without the message it repeats.
 */
export function loggableError(error: unknown): string {
  if (!(error instanceof Error)) return clip(String(error));
  const cause = error.cause instanceof Error ? ` (cause: ${clip(error.cause.message)})` : "";
  const frames = (error.stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 8)
    .map(clip);
  return [`${error.name}: ${clip(error.message)}${cause}`, ...frames].join("\n");
}

function clip(text: string): string {
  return text.length > LOGGED_CHARS ? `${text.slice(0, LOGGED_CHARS)}… (${text.length} characters)` : text;
}
