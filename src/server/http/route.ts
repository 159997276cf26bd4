import crypto from "node:crypto";
import type { NextRequest } from "next/server";
import type { ApiErrorBody, ErrorCode, FieldErrors } from "@/shared/api-error";
import { ERROR_STATUS } from "@/shared/api-error";
import { AppError, databaseMessageOf, inputErrorOf, loggableError } from "@/server/errors";

type Handler = (request: NextRequest, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const METHODS: readonly Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/**
 * Builds a route module's exports: the given handlers, wrapped so AppErrors become
 * the JSON error shape and anything else a logged 500 with a digest; every other
 * method answers 405 with an Allow header.
 */
export function defineRoute(handlers: Partial<Record<Method, Handler>>): Record<Method, Handler> {
  const allowed = METHODS.filter((m) => handlers[m]);
  const allow = [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  const entries = METHODS.map((method) => {
    const handler = handlers[method];
    const wrapped: Handler = handler
      ? (request, context) => handler(request, context).catch(errorResponse)
      : async () => jsonError("method_not_allowed", `${method} is not allowed here. Use ${allowed.join(" or ")}.`, { headers: { Allow: allow } });
    return [method, wrapped] as const;
  });
  return Object.fromEntries(entries) as Record<Method, Handler>; // every method is present by construction
}

/** A `{ error: { code, message, fields? } }` response with the code's status. */
export function jsonError(
  code: ErrorCode,
  message: string,
  options: { fields?: FieldErrors; headers?: Record<string, string> } = {},
): Response {
  const body: ApiErrorBody = { error: { code, message, ...(options.fields ? { fields: options.fields } : {}) } };
  return Response.json(body, { status: ERROR_STATUS[code], headers: options.headers });
}

/**
 * Maps a thrown error to a JSON response: an AppError to its code, a database error input caused
 * (a NUL byte, a date out of range: inputErrorOf) to 400, anything else to a 500 logged with a digest.
 */
export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    return jsonError(error.code, error.message, { fields: error.fields, headers: error.headers });
  }
  const inputError = inputErrorOf(error);
  if (inputError) {
    // The client's fault, but one a check where the input is parsed should have caught first.
    console.warn(`[api] input refused by the database, not by a check: ${databaseMessageOf(error)}`);
    return jsonError(inputError.code, inputError.message);
  }
  const digest = crypto.randomBytes(6).toString("hex");
  console.error(`[api] unexpected error (digest ${digest}): ${loggableError(error)}`);
  return jsonError("internal", `Something went wrong on our side. Reference: ${digest}.`);
}

