import type { SQL } from "drizzle-orm";
import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";

/**
 * How many live documents of the workspace the planner expects to match `query` (a tsquery
 * expression), from the column's statistics: EXPLAIN plans the count without running it, about a
 * millisecond. Exact counting would read every match. The estimates for words ANDed come from
 * the lexeme frequencies ANALYZE keeps (measured at 100,000 documents: 41,004 expected for
 * 41,613 actual, 5,348 for 5,691); without statistics (a table never analysed) it is a guess.
 */
export async function estimateMatches(db: Db, workspaceId: string, query: SQL): Promise<number> {
  const result = await db.execute(sql`
    explain (format json) select 1 from documents d
    where d.workspace_id = ${workspaceId} and d.deleted_at is null and d.search_vector @@ ${query}`);
  // Both drivers answer { rows }, one row whose only column is the plan as JSON (parsed or not).
  const { rows } = result as unknown as { rows: Array<Record<string, unknown>> };
  const cell = Object.values(rows[0] ?? {})[0];
  const plans = (typeof cell === "string" ? JSON.parse(cell) : cell) as Array<{ Plan?: { "Plan Rows"?: number } }>;
  const estimate = plans[0]?.Plan?.["Plan Rows"];
  if (typeof estimate !== "number") throw new Error("EXPLAIN answered without a row estimate");
  return estimate;
}
