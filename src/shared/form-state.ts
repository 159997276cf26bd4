import type { ErrorCode, FieldErrors } from "./api-error";

/** What a form's server action returns to `useActionState`. */
export interface FormState {
  /** A message for the whole form (shown above the button). */
  message?: string;
  /** A message per field (shown under each field). */
  fields?: FieldErrors;
  /** What was submitted, so the form can show it again (never passwords). */
  values?: Record<string, string>;
  /** Set when the action succeeded without navigating away. */
  success?: string;
  /** The failure's code (docs/product.md "Errors") when a service refused the submission. */
  code?: ErrorCode;
}

/** Where to go after signing in: only same-site paths, never `//host` or a scheme. */
export function safeReturnPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return fallback;
  }
  return value;
}
