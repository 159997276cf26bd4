/**
 * The IMMUTABLE SQL function (migration 0019) behind `documents.image_file_ids`: the ids of the
 * uploads a body shows as images, each once, in byte order. It reads the stored delta
 * (`content`) the way signHtmlImages reads the HTML rendered from it: every `{ image: src }`
 * embed whose src fileIdFromUrl (storage/file-urls.ts) takes for an upload, relative or at any
 * origin, with or without a query. A published page's image answers only while its document's
 * list still names it (services/sharing/is-share-grant-live.ts); image-file-ids.test.ts checks
 * the function against fileIdFromUrl. A change to it is a new migration.
 */
export const IMAGE_FILE_IDS_FUNCTION = "quire_image_file_ids";

/** The generated column's SQL, on the table's own `content` column. */
export const IMAGE_FILE_IDS_SQL = `${IMAGE_FILE_IDS_FUNCTION}("content")`;
