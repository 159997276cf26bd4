import { z } from "zod";

/** Field rules of docs/product.md "Validation", shared by forms, actions and the API. */
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
  .max(80, "Names are at most 80 characters.");
