import slugify from "@sindresorhus/slugify";

export const SLUG_MIN = 3;
export const SLUG_MAX = 40;

/** First path segments the app uses or may use; a workspace may not take them. */
export const RESERVED_SLUGS = new Set([
  "api", "p", "w", "d", "login", "signup", "logout", "invite", "account", "accounts", "settings",
  "admin", "new", "search", "trash", "share", "help", "docs", "about", "static", "public",
  "assets", "_next", "collab", "health", "www", "app", "auth", "status", "quire",
]);

/** A slug suggestion from a workspace name: "Acme Inc." → "acme-inc". */
export function slugFromName(name: string): string {
  const full = slugify(name, { lowercase: true, separator: "-" });
  // Cut long names at a word boundary rather than mid-word (unless one word is that long).
  const boundary = full.lastIndexOf("-", SLUG_MAX);
  const cut = full.length <= SLUG_MAX ? full : full.slice(0, boundary >= SLUG_MIN ? boundary : SLUG_MAX);
  const slug = cut.replace(/-+$/, "");
  return slug.length >= SLUG_MIN ? slug : "";
}
