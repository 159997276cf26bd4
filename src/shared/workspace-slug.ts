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
  const slug = slugify(name, { lowercase: true, separator: "-" }).slice(0, SLUG_MAX).replace(/-+$/, "");
  return slug.length >= SLUG_MIN ? slug : "";
}
