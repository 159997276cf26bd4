import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { MAX_INDEXED_CHARS } from "@/server/db/search-config";
import { segmentedText, segmentedTitle } from "@/server/db/word-breaks";
import { PollingLoop } from "@/server/workers/polling-loop";

/** Documents segmented per look (one UPDATE for them all). */
const BATCH = 20;

/** How often an empty queue is looked at again (it only fills in a migration, which runs before the server starts). */
const POLL_MS = 10 * 60 * 1000;

/**
 * Writes segmented_title and segmented_text for up to `batchSize` documents of
 * search_segment_queue (migration 0022 lists the documents it found holding Thai, Lao, Khmer or
 * Burmese: SQL can't find their words), the most recently updated first, and takes them off it.
 * The texts are segmented on this thread, one document at a time with a turn of the event loop
 * between two (a 500-word Thai body takes about 1 ms, one at the 130,000-character cap about 40 ms,
 * once). A title or text that changed meanwhile was written
 * with its own segmentation, which is kept: a result is written only where it is the stored
 * title's or text's (the check quire_with_word_breaks makes), and never changes `updated_at`.
 * Returns how many documents it took.
 */
export async function segmentQueuedDocuments(
  db: Db,
  options: { batchSize?: number; segment?: (text: string) => Promise<string | null> } = {},
): Promise<number> {
  const segment = options.segment ?? segmentBetweenTurns;
  const result = await db.execute(sql`
    select q.document_id as id, d.title, d.text from search_segment_queue q join documents d on d.id = q.document_id
    order by d.updated_at desc, d.id limit ${options.batchSize ?? BATCH}`);
  // Both drivers answer execute() with { rows }; Db's generic result type doesn't say so.
  const { rows } = result as unknown as { rows: Array<{ id: string; title: string; text: string }> };
  if (rows.length === 0) return 0;
  const segmented: Array<{ id: string; title: string | null; text: string | null }> = [];
  for (const row of rows) segmented.push({ id: row.id, title: segmentedTitle(row.title), text: await segment(row.text) });
  await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(segmented)}::jsonb) as t(id text, title text, text text)
    ),
    written as (
      update documents d set
        segmented_title = case when i.title is not null and translate(i.title, E'\\x04', '') = translate(d.title, E'\\x04', '')
          then i.title else d.segmented_title end,
        segmented_text = case when i.text is not null and translate(i.text, E'\\x04', '') = translate(left(d.text, ${MAX_INDEXED_CHARS}), E'\\x04', '')
          then i.text else d.segmented_text end
      from input i
      where d.id = i.id
      returning d.id
    )
    delete from search_segment_queue q using input i where q.document_id = i.id`);
  return rows.length;
}

/** segmentedText after a turn of the event loop, so that requests and keystrokes go first. */
function segmentBetweenTurns(text: string): Promise<string | null> {
  return new Promise((resolve) => setImmediate(() => resolve(segmentedText(text))));
}

/**
 * The start-up job server.ts runs (docs/architecture.md "Search"): works through
 * search_segment_queue a batch at a time in the background, then looks again every POLL_MS. Until
 * a document's turn it is found as before the migration (a word at the start of a run).
 */
export class SearchSegmentJob {
  private readonly loop: PollingLoop;
  private done = 0;

  constructor(private readonly getDb: () => Promise<Db>) {
    this.loop = new PollingLoop("[search] segmenting queued documents", () => this.look(), POLL_MS);
  }

  start(): void {
    this.loop.start();
  }

  /** Stops after the batch under way (the rest stays queued for the next start). */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async look(): Promise<{ hasMore: boolean }> {
    const taken = await segmentQueuedDocuments(await this.getDb());
    if (taken > 0 && this.done === 0) console.log("[search] finding the Thai, Lao, Khmer and Burmese words of existing documents in the background…");
    this.done += taken;
    const hasMore = taken === BATCH;
    if (!hasMore && this.done > 0) {
      console.log(`[search] ${this.done} document(s) now found by their Thai, Lao, Khmer and Burmese words`);
      this.done = 0;
    }
    return { hasMore };
  }
}
