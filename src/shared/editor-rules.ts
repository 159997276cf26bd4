/**
 * The editor rules (docs/product.md "Editor rules", "Validation", "Limits"). The editor, the server's
 * sanitiser and the upload check all read them from here.
 */

/** Link targets allowed; anything else becomes ABOUT_BLANK. */
export const LINK_PROTOCOLS = ["http", "https", "mailto", "tel"] as const;
export const ABOUT_BLANK = "about:blank";

/** Image embed sources allowed; anything else becomes "" (blank). */
export const IMAGE_PROTOCOLS = ["http", "https", "data"] as const;

/** The image picker's accept list, exactly as docs/product.md "Editor rules" gives it. */
export const IMAGE_ACCEPT = ["image/png", "image/gif", "image/jpeg", "image/bmp", "image/x-icon"] as const;
export type AcceptedImageType = (typeof IMAGE_ACCEPT)[number];
/** The `accept` attribute of the picker's file input. */
export const IMAGE_ACCEPT_ATTRIBUTE = IMAGE_ACCEPT.join(", ");

/** Editor defaults (docs/product.md "Editor rules"). */
export const EDITOR_FONTS = ["serif", "monospace"] as const; // sans-serif is the default (no attribute)
export const EDITOR_SIZES = ["small", "large", "huge"] as const; // normal is the default
export const EDITOR_ALIGNMENTS = ["center", "right", "justify"] as const; // left is the default
export const CODE_BLOCK_TAB = "  "; // two spaces
export const UNDO_DELAY_MS = 1000;
export const UNDO_MAX_STACK = 100;
export const SYNTAX_INTERVAL_MS = 1000;

/** Product limits (docs/product.md "Validation"). */
export const MAX_BODY_CHARS = 1_000_000;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/**
 * The most one value in a body may take, as JSON bytes: an image embed whose `data:` address holds
 * an image of MAX_UPLOAD_BYTES (base64: 4 bytes for 3), with room for its header and the JSON
 * around it. A data: image is allowed in a body (the image rule), but not past the upload limit
 * (docs/architecture.md "Update size").
 */
export const MAX_VALUE_BYTES = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 256;
/**
 * The most one change made in the editor may carry, estimated from its delta (text in UTF-8 at
 * most 3 bytes a character, values as JSON, a margin per op): under the collaboration socket's
 * 16 MiB frame (collab-upgrade.ts `maxPayload`), since a frame past it closes the socket and the
 * provider sends the same change again at every reconnect (QA fourth sweep #1).
 */
export const MAX_CHANGE_BYTES = 15 * 1024 * 1024;
/** Default content bytes one document may hold (COLLAB_MAX_DOCUMENT_BYTES): two images at the upload limit as data: addresses, and the longest body. */
export const MAX_DOCUMENT_BYTES = 32 * 1024 * 1024;
export const MAX_TITLE_CHARS = 200;
export const MAX_TREE_DEPTH = 25;

/** The name of the Y.Text that holds a document's body (y-quill binds Quill to it). */
export const BODY_YTEXT = "body";
/** One import request (docs/product.md "Calls" `POST /api/v1/import`): files or a zip, at most 50 MB in all. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
