/** Why a revision exists (docs/product.md "States"). */
export const REVISION_KINDS = ["auto", "named", "restore"] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

/** An `auto` revision is taken once a document has changed and this long has passed since the last one. */
export const AUTO_REVISION_INTERVAL_MS = 5 * 60 * 1000;
