import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponsesObject } from "zod-openapi";
import { z } from "zod";
import { ApiErrorSchema } from "@/shared/schemas/api-v1";

/** What one resource module contributes to the OpenAPI document: its paths (`/api/v1/...`). */
export type OpenApiPaths = ZodOpenApiPathsObject;

const ERROR_TEXT = {
  400: "Malformed JSON, parameters or form (`bad_request`; `fields` names each parameter).",
  401: "No session or API token, or a token that is unknown, revoked or expired (`unauthenticated`).",
  403: "The role or the token's scope does not allow it (`forbidden`).",
  404: "Missing, trashed, or not visible to the caller (`not_found`): never reveals that something exists.",
  409: "The state does not allow it (`conflict`).",
  413: "The body is over its limit (`too_large`).",
  415: "The body is not of an accepted type (`unsupported_media_type`).",
  422: "Field rules, unknown fields included (`validation_failed`; `fields` names each field).",
  429: "Too many requests with this token (`rate_limited`); wait `Retry-After` seconds.",
  503: "A part the call needs is not available (`unavailable`): the database, or Chromium for PDF.",
} as const;

type ErrorStatus = keyof typeof ERROR_TEXT;

/** Error responses in the JSON shape of docs/product.md "Errors"; 401 and 429 come with every authenticated call. */
export function errorResponses(...statuses: ErrorStatus[]): ZodOpenApiResponsesObject {
  return publicErrorResponses(401, 429, ...statuses);
}

/** Error responses of a call that needs no credentials. */
export function publicErrorResponses(...statuses: ErrorStatus[]): ZodOpenApiResponsesObject {
  const all = [...new Set(statuses)].sort();
  return Object.fromEntries(
    all.map((status) => [
      String(status),
      {
        description: ERROR_TEXT[status],
        ...(status === 429 ? { headers: z.object({ "Retry-After": z.int().min(0).meta({ description: "Seconds to wait." }) }) } : {}),
        content: { "application/json": { schema: ApiErrorSchema } },
      },
    ]),
  );
}

/** A JSON response. */
export function jsonResponse(description: string, schema: z.ZodType) {
  return { description, content: { "application/json": { schema } } };
}

/** A 201 JSON response whose `Location` header says where the new thing is. */
export function createdResponse(description: string, schema: z.ZodType, location: string) {
  return { ...jsonResponse(description, schema), headers: z.object({ Location: z.string().meta({ description: location }) }) };
}

/** A JSON request body. */
export function jsonBody(schema: z.ZodType) {
  return { required: true, content: { "application/json": { schema } } };
}

/** A document id path parameter. */
export const DocumentIdPath = z.object({ id: z.string().meta({ description: "The document's id.", examples: ["k2j3h4g5f6d7"] }) });

/** An operation that changes data: needs a write token (or a session of a role that may). */
export function writeOperation(operation: ZodOpenApiOperationObject): ZodOpenApiOperationObject {
  return { ...operation, description: `${operation.description ?? ""}\n\nNeeds a \`write\` token.`.trim() };
}
