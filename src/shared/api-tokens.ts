/** What an API token may do in its workspace (PRODUCT.md §5): `read` caps its user's role at viewer. */
export const TOKEN_SCOPES = ["read", "write"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
