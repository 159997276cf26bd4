-- Which uploads each document shows as images (src/server/db/image-file-ids.ts, docs/architecture.md
-- "Signed file URLs"): a published page's image answers only while the page's document still shows
-- it, checked on every request against this short list instead of the whole body.
-- quire_image_file_ids reads the delta as signHtmlImages reads the HTML rendered from it: an image
-- embed whose address names an upload (`/api/v1/files/<id>`, at any origin, any query after it).
-- Adding a stored generated column computes it for every row: a rewrite of the documents table
-- under an exclusive lock, before the server serves (docs/benchmarks.md "Signed image reads").
CREATE FUNCTION quire_image_file_ids(content jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN ARRAY(
    SELECT DISTINCT found.id COLLATE "C" FROM (
      SELECT (regexp_match(image.src #>> '{}', '^(?:https?://[^/]+)?/api/v1/files/([A-Za-z0-9_-]{16,64})(?:[?#].*)?$'))[1] AS id
      FROM jsonb_path_query(content, 'lax $.ops[*].insert.image') AS image(src)
    ) AS found
    WHERE found.id IS NOT NULL
    ORDER BY 1
  );--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "image_file_ids" text[] GENERATED ALWAYS AS (quire_image_file_ids("content")) STORED NOT NULL;
