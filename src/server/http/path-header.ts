/**
 * The request header src/proxy.ts stamps with the page's path and query (replacing any a client
 * sent), for pages that redirect and must keep where the reader was going.
 */
export const PATH_HEADER = "x-quire-path";
