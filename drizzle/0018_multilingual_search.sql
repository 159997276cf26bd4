-- Search in more languages (src/server/db/search-config.ts, docs/architecture.md "Search"):
-- - accents: the quire_search configuration is 'simple' with the unaccent dictionary first for
--   words, so "cafe" finds "café" and "café" finds "cafe". unaccent is a contrib extension, trusted
--   (the database's owner may create it) and shipped by PGlite and Debian's postgresql-15.
-- - Chinese and Japanese: quire_search_text makes each Han or kana character a word of its own (the
--   parser kept a whole run as one word, so only its start could be found), and reads "OKR-2026"
--   as "okr" and "2026" rather than the signed number "-2026".
-- The body is indexed up to 130,000 characters (150,000 before): a character split off costs the
-- vector up to 8 bytes, and 150,000 of them could overflow its 1 MB (search-config.ts).
-- The search vector and the title index are rebuilt with both: the column is dropped (its GIN
-- index with it, recreated by hand below, as drizzle-kit does not) and added again, which computes
-- it for every row: a rewrite of the documents table under an exclusive lock, before the server
-- serves (docs/architecture.md "Search", "Measured": 4.3 min for 100,000 documents of 500 words).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION quire_search (COPY = simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION quire_search
  ALTER MAPPING FOR word, numword, hword, numhword, hword_part, hword_numpart, email, url, host, url_path, file
  WITH unaccent, simple;--> statement-breakpoint
CREATE FUNCTION quire_search_text(input text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN regexp_replace(regexp_replace(translate(input, E'\x03', ''), '([\u3005-\u3007\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f\U00020000-\U000323af])', E'\x03\\1\x03', 'g'), '-([0-9])', E'-\x03\\1', 'g');--> statement-breakpoint
DROP INDEX "documents_title_search_idx";--> statement-breakpoint
ALTER TABLE "documents" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('quire_search'::regconfig, quire_search_text("title")), 'A') || setweight(to_tsvector('quire_search'::regconfig, quire_search_text(left("text", 130000))), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "documents_search_idx" ON "documents" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "documents_title_search_idx" ON "documents" USING gin (to_tsvector('quire_search'::regconfig, quire_search_text("title"))) WITH (fastupdate=false);
