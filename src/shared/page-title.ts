/** How every page's title reads in the browser's tab and history: the page's name, then the product's. */
export const PAGE_TITLE_TEMPLATE = "%s · Quire";

/** A page's full title for `document.title` (what Next writes from the metadata on each page load). */
export function pageTitle(name: string): string {
  return PAGE_TITLE_TEMPLATE.replace("%s", name);
}
