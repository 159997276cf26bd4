import Link from "next/link";
import type { ImportSummary } from "@/shared/schemas/import";

/** One sentence for the end of an import (shown, and announced to screen readers). */
export function summaryHeadline({ imported, skipped }: ImportSummary): string {
  const unused = skipped.length > 0 ? `${skipped.length} item${skipped.length === 1 ? "" : "s"} could not be imported` : "";
  if (imported.length === 0) return unused ? `Nothing was imported: ${unused}.` : "Nothing was imported.";
  return `Imported ${imported.length} document${imported.length === 1 ? "" : "s"}${unused ? `; ${unused}` : ""}.`;
}

/** The end of an import: links to the documents made, then what was not imported and why. */
export function ImportSummaryView({ summary, onOpenDocument }: { summary: ImportSummary; onOpenDocument: () => void }) {
  const { imported, skipped } = summary;
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p className="font-medium">{summaryHeadline(summary)}</p>
      {imported.length > 0 ? (
        <section aria-labelledby="import-done-heading" className="flex flex-col gap-1">
          <h3 id="import-done-heading" className="text-xs font-medium uppercase tracking-wide text-muted">
            Imported
          </h3>
          <ul className="flex max-h-48 flex-col gap-0.5 overflow-y-auto">
            {imported.map((doc) => (
              <li key={doc.id} className="min-w-0">
                <Link href={doc.url} onClick={onOpenDocument} className="block truncate rounded px-1 py-1 text-accent underline-offset-2 hover:underline">
                  {doc.title || "Untitled"}
                </Link>
                <span className="block truncate px-1 text-xs text-muted">{doc.path}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {skipped.length > 0 ? (
        <section aria-labelledby="import-skipped-heading" className="flex flex-col gap-1">
          <h3 id="import-skipped-heading" className="text-xs font-medium uppercase tracking-wide text-muted">
            Not imported
          </h3>
          <ul className="flex max-h-48 flex-col gap-1 overflow-y-auto">
            {skipped.map((item, index) => (
              <li key={`${item.name}-${index}`} className="rounded-md bg-danger-soft px-2 py-1.5">
                <span className="block break-words font-medium">{item.name}</span>
                <span className="block text-muted">{item.reason}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
