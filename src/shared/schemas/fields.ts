import { z } from "./zod";

/** Field rules of docs/product.md "Validation", shared by forms, actions and the API. */

// C0 and C1 control characters (NUL, tab, line breaks, escape…): PostgreSQL refuses NUL in text,
// and none of them belongs in a one-line name or title.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** Whether `value` holds no control character: names and titles are one line of text. */
export function hasNoControlCharacter(value: string): boolean {
  return !CONTROL_CHARACTER.test(value);
}

/**
 * `value` as one line, for a name or title that comes from a file rather than a form (a workspace
 * archive, possibly from a Quire before the one-line rule): tabs and line breaks become a space,
 * other control characters (NUL…) go, and the ends are trimmed.
 */
export function oneLine(value: string): string {
  return value
    .replace(/[\t\n\v\f\r]+/g, " ")
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, "")
    .trim();
}

/** The field error for a name or title holding a control character, e.g. "Titles". */
export function controlCharacterError(what: string): string {
  return `${what} can't hold tabs, line breaks or other control characters.`;
}

export const EmailField = z
  .string()
  .trim()
  .min(1, "Enter your email address.")
  .max(254, "Email addresses are at most 254 characters.")
  .pipe(z.email("Enter a valid email address, like name@example.com."))
  .transform((email) => email.toLowerCase());

export const PasswordField = z
  .string()
  .min(8, "Use at least 8 characters.")
  .max(128, "Use at most 128 characters.");

export const PersonNameField = z
  .string()
  .trim()
  .min(1, "Enter your name.")
  .max(80, "Names are at most 80 characters.")
  .refine(hasNoControlCharacter, controlCharacterError("Names"));
