import { z } from "zod";

/** Longest search query accepted, in characters (PRODUCT.md §4). */
export const MAX_QUERY_CHARS = 200;
/** Results per page on the search page (PRODUCT.md §8). */
export const SEARCH_PAGE_SIZE = 20;
/** Largest `limit` the API takes (PRODUCT.md §6). */
export const MAX_SEARCH_LIMIT = 100;

export const QUERY_TOO_LONG = `Search for at most ${MAX_QUERY_CHARS} characters.`;

/** A search query as typed: any text up to MAX_QUERY_CHARS; blank means "nothing to search". */
export const SearchQueryField = z.string().max(MAX_QUERY_CHARS, QUERY_TOO_LONG);
