import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { MAX_TREE_DEPTH } from "@/shared/editor-rules";

/** For each document id, its ancestors' ids and titles, top level first, in one recursive query. */
export async function listAncestorTitles(db: Db, ids: string[]): Promise<Map<string, Array<{ id: string; title: string }>>> {
  const paths = new Map<string, Array<{ id: string; title: string }>>();
  if (ids.length === 0) return paths;
  const idList = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  const result = await db.execute(sql`
    with recursive chain(leaf, id, depth) as (
      select d.id, d.parent_id, 1 from documents d where d.id in (${idList}) and d.parent_id is not null
      union all
      select c.leaf, p.parent_id, c.depth + 1 from chain c join documents p on p.id = c.id
      where p.parent_id is not null and c.depth <= ${MAX_TREE_DEPTH}
    )
    select c.leaf, c.id, p.title, c.depth from chain c join documents p on p.id = c.id order by c.leaf, c.depth desc`);
  // Both drivers answer execute() with { rows }; Db's generic result type doesn't say so.
  const { rows } = result as unknown as { rows: Array<{ leaf: string; id: string; title: string }> };
  for (const row of rows) {
    const path = paths.get(row.leaf) ?? [];
    path.push({ id: row.id, title: row.title });
    paths.set(row.leaf, path);
  }
  return paths;
}
