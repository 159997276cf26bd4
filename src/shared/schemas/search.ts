import { z } from "./zod";
import { hasNoControlCharacter } from "./fields";

/** Longest search query accepted, in characters (docs/product.md "Validation"). */
export const MAX_QUERY_CHARS = 200;
/** Results per page on the search page (docs/product.md "Limits"). */
export const SEARCH_PAGE_SIZE = 20;
/** Largest `limit` the API takes (docs/product.md "Calls"). */
export const MAX_SEARCH_LIMIT = 100;

export const QUERY_TOO_LONG = `Search for at most ${MAX_QUERY_CHARS} characters.`;

/** A search query as typed: any text up to MAX_QUERY_CHARS; blank means "nothing to search". */
export const SearchQueryField = z.string().max(MAX_QUERY_CHARS, QUERY_TOO_LONG);

/** GET /api/v1/search's query parameters (unknown ones are ignored, as URLs gather them). */
export const SearchParamsSchema = z.object({
  /** The workspace's slug or id; optional for an API token (its own workspace). */
  workspace: z
    .string({ error: "Name the workspace to search in `workspace` (its slug or id)." })
    .min(1, "Name the workspace to search in `workspace` (its slug or id).")
    .max(100, "Name the workspace to search in `workspace` (its slug or id).")
    .refine(hasNoControlCharacter, "Name the workspace to search in `workspace` (its slug or id).")
    .optional()
    .meta({ description: "The workspace's slug or id. Optional with an API token: its workspace." }),
  q: SearchQueryField.default("").meta({ description: "Words as typed; \"quoted phrase\", -word to exclude, or. At most 200 characters; blank: no results." }),
  cursor: z.string().max(100, "This cursor is not valid: use the nextCursor of a previous page.").optional(),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}.` })
    .int(`limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}.`)
    .min(1, `limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}.`)
    .max(MAX_SEARCH_LIMIT, `limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}.`)
    .default(25)
    .meta({ description: `Results per page, 1–${MAX_SEARCH_LIMIT} (default 25).` }),
});
export type SearchParams = z.infer<typeof SearchParamsSchema>;
