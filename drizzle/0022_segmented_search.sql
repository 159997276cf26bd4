-- Thai, Lao, Khmer and Burmese words found in the middle of a run (src/server/db/word-breaks.ts,
-- docs/architecture.md "Search"): these scripts are written without spaces, and PostgreSQL's parser
-- kept a run as one word, so only its start could be found. Their words are found by ICU's
-- dictionaries (Intl.Segmenter), which the database lacks: the server marks a control character
-- (U+0004) between them in JavaScript and writes the result beside the title and the text, in
-- segmented_title and segmented_text (null when there is nothing to mark). The search vector reads
-- those (quire_with_word_breaks: only while they are the title and the text with word breaks, so a
-- write that forgot them indexes the text as it is, never another), and quire_search_text turns the
-- marks into the separator the parser reads as a space.
-- The search vector and the title index are computed again, as in 0018: the column is dropped (its
-- GIN index with it, recreated by hand below, as drizzle-kit does not) and added again, a rewrite
-- of the documents table under an exclusive lock, before the server serves (docs/benchmarks.md
-- "Multilingual search"). SQL can't segment, so the documents already holding these scripts are
-- listed in search_segment_queue, and the server's start-up job (segment-queued-documents.ts)
-- writes their segmented columns in the background; until then they are found as before.
DROP INDEX "documents_title_search_idx";--> statement-breakpoint
ALTER TABLE "documents" DROP COLUMN "search_vector";--> statement-breakpoint
CREATE OR REPLACE FUNCTION quire_search_text(input text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN regexp_replace(regexp_replace(translate(input, E'\x04\x03', E'\x03'), '([\u3005-\u3007\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f\U00020000-\U000323af])', E'\x03\\1\x03', 'g'), '-([0-9])', E'-\x03\\1', 'g');--> statement-breakpoint
CREATE FUNCTION quire_with_word_breaks(input text, segmented text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE WHEN segmented IS NULL THEN input WHEN translate(segmented, E'\x04', '') = translate(input, E'\x04', '') THEN segmented ELSE input END;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "segmented_title" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "segmented_text" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('quire_search'::regconfig, quire_search_text(quire_with_word_breaks("title", "segmented_title"))), 'A') || setweight(to_tsvector('quire_search'::regconfig, quire_search_text(quire_with_word_breaks(left("text", 130000), "segmented_text"))), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "documents_search_idx" ON "documents" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "documents_title_search_idx" ON "documents" USING gin (to_tsvector('quire_search'::regconfig, quire_search_text(quire_with_word_breaks("title", "segmented_title")))) WITH (fastupdate=false);--> statement-breakpoint
CREATE TABLE "search_segment_queue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_segment_queue_document_unique" UNIQUE("document_id")
);
--> statement-breakpoint
ALTER TABLE "search_segment_queue" ADD CONSTRAINT "search_segment_queue_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "search_segment_queue" ("document_id")
  SELECT "id" FROM "documents"
  WHERE "title" ~ '[\u0e00-\u0e7f\u0e80-\u0eff\u1000-\u109f\u1780-\u17ff\u19e0-\u19ff\ua9e0-\ua9ff\uaa60-\uaa7f]'
    OR "text" ~ '[\u0e00-\u0e7f\u0e80-\u0eff\u1000-\u109f\u1780-\u17ff\u19e0-\u19ff\ua9e0-\ua9ff\uaa60-\uaa7f]';
