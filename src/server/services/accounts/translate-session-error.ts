import { APIError } from "better-auth/api";
import { AppError } from "@/server/errors";

/** better-auth refusing a call for want of a live session, as the forms and actions say it; anything else unchanged. */
export function translateSessionError(error: unknown): unknown {
  if (error instanceof APIError && error.statusCode === 401) return new AppError("unauthenticated", "Your session has ended. Sign in again.");
  return error; // unexpected: reaches the error page and the log
}
