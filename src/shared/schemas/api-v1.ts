import { z } from "./zod";
import { hasNoControlCharacter } from "./fields";

/** Items per page of an API list (docs/product.md "Calls", "Limits"). */
export const API_PAGE_SIZE = 25;
export const MAX_API_PAGE_SIZE = 100;

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_API_PAGE_SIZE}.`;

/** `limit` of a list: 1–100, default 25. */
export const LimitParam = z.coerce
  .number({ error: LIMIT_MESSAGE })
  .int(LIMIT_MESSAGE)
  .min(1, LIMIT_MESSAGE)
  .max(MAX_API_PAGE_SIZE, LIMIT_MESSAGE)
  .default(API_PAGE_SIZE)
  .meta({ description: `Items per page, 1–${MAX_API_PAGE_SIZE} (default ${API_PAGE_SIZE}).` });

/** `cursor` of a list: the previous page's nextCursor. */
export const CursorParam = z
  .string()
  .max(200, "This cursor is not valid: use the nextCursor of a previous page.")
  .optional()
  .meta({ description: "The `nextCursor` of the previous page." });

/** `workspace`: a slug or id, one line; optional for API tokens (their own workspace). */
export const WorkspaceParam = z
  .string()
  .min(1, "Name the workspace (its slug or id).")
  .max(100, "Name the workspace (its slug or id).")
  .refine(hasNoControlCharacter, "Name the workspace (its slug or id).")
  .optional()
  .meta({ description: "The workspace's slug or id. Optional with an API token: its workspace." });

/** The body of every API error (docs/product.md "Errors"). */
export const ApiErrorSchema = z
  .object({
    error: z.object({
      code: z.enum([
        "bad_request",
        "unauthenticated",
        "forbidden",
        "not_found",
        "method_not_allowed",
        "conflict",
        "too_large",
        "unsupported_media_type",
        "validation_failed",
        "rate_limited",
        "internal",
        "unavailable",
      ]),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional().meta({ description: "For validation_failed and bad_request: a message per field." }),
    }),
  })
  .meta({ id: "Error" });

/** `{data, nextCursor}`: one page of a list. */
export function pageOf<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      data: z.array(item),
      nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null on the last one." }),
    })
    .meta({ id });
}
