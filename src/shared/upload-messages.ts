/** What an upload over the limit (docs/product.md "Validation": 10 MB) is told. */
export const TOO_LARGE_MESSAGE = "Images can be at most 10 MB.";

/** What an upload outside the picker's accept list is told. */
export const UNSUPPORTED_TYPE_MESSAGE = "Only PNG, GIF, JPEG, BMP and ICO images can be uploaded.";
