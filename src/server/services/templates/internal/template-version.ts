import { sql } from "drizzle-orm";
import { documentTemplates } from "@/server/db/schema";

/**
 * The version of a template's stored body (docs/product.md "Templates"): a digest of the jsonb's
 * text, which PostgreSQL writes one way for one stored value. Computed by the database, so the
 * save's `WHERE` compares it in the same statement that writes. A body, not a time: renaming
 * leaves it, clocks and timestamp precision never matter, and saving the same body again keeps it.
 */
export const templateBodyVersion = sql<string>`encode(sha256(convert_to(${documentTemplates.body}::text, 'UTF8')), 'hex')`;
