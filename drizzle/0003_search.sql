-- search_vector becomes a generated column (src/server/search/search-config.ts), so a rename is
-- searchable at once. Dropping the column drops its GIN index, which drizzle-kit does not
-- recreate on its own: that CREATE INDEX is added by hand. Adding the column computes it for
-- every existing row from its title and text. The title index finds title matches without
-- reading body matches (src/server/services/search/ranked-matches.ts). Both GIN indexes have
-- fastupdate off: PGlite runs no autovacuum to flush a pending list (see schema/documents.ts).
ALTER TABLE "documents" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, "title"), 'A') || setweight(to_tsvector('simple'::regconfig, left("text", 150000)), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "documents_search_idx" ON "documents" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "documents_title_search_idx" ON "documents" USING gin (to_tsvector('simple'::regconfig, "title")) WITH (fastupdate=false);
