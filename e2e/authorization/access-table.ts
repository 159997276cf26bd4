import { ACTION_ROWS } from "./table/actions";
import { API_ROWS } from "./table/api";
import { PAGE_ROWS } from "./table/pages";
import type { AccessRow } from "./table/support";

export type { AccessRow } from "./table/support";
export { allow, everyone } from "./table/support";

/**
 * Every surface and what each actor must get, by area: pages, server actions, then API routes
 * and the socket (in this order: some rows change the fixture the later ones read).
 */
export const ACCESS_TABLE: AccessRow[] = [...PAGE_ROWS, ...ACTION_ROWS, ...API_ROWS];
