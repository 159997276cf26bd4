import { OutlineList } from "@/components/document-outline/outline-list";
import type { OutlineEntry } from "@/shared/document-outline";

/** "On this page": the published document's headings, as plain links to their anchors; a column beside the text from 1280 px. */
export function PublishedOutline({ outline }: { outline: OutlineEntry[] }) {
  if (outline.length === 0) return null;
  return (
    <nav aria-labelledby="published-outline-heading" className="sticky top-6" data-testid="published-outline">
      <p id="published-outline-heading" className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">
        On this page
      </p>
      <OutlineList outline={outline} />
    </nav>
  );
}

/** Below 1280 px, the same list under the title, collapsed: on a phone it came before the title and pushed it down. */
export function PublishedOutlineDisclosure({ outline }: { outline: OutlineEntry[] }) {
  if (outline.length === 0) return null;
  return (
    <details className="mt-3 max-w-(--document-measure) rounded-lg border border-border xl:hidden">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium">On this page</summary>
      <nav aria-label="On this page" className="border-t border-border px-3 py-2">
        <OutlineList outline={outline} />
      </nav>
    </details>
  );
}
