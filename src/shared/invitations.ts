/** How long an invitation link works (PRODUCT.md §8). */
export const INVITATION_TTL_DAYS = 7;
