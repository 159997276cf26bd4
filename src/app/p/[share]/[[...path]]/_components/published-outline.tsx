import { OutlineList } from "@/components/document-outline/outline-list";
import type { OutlineEntry } from "@/shared/document-outline";

/** "On this page": the published document's headings, as plain links to their anchors. */
export function PublishedOutline({ outline }: { outline: OutlineEntry[] }) {
  if (outline.length === 0) return null;
  return (
    <nav aria-labelledby="published-outline-heading" className="mb-6 rounded-lg border border-border p-3 xl:sticky xl:top-6 xl:mb-0 xl:border-0 xl:p-0" data-testid="published-outline">
      <p id="published-outline-heading" className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">
        On this page
      </p>
      <OutlineList outline={outline} />
    </nav>
  );
}
