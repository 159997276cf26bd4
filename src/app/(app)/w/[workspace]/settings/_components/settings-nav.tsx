import Link from "next/link";

/**
 * Links between settings sections (links, so each section has its own URL). They wrap onto as
 * many lines as the column needs, so every section is in sight at any width and the current one
 * is never scrolled out of view (nine didn't fit one line even at 1280 px).
 */
export function SettingsNav({
  slug,
  current,
  sections,
}: {
  slug: string;
  current: string;
  sections: Partial<Record<string, string>>;
}) {
  return (
    <nav aria-label="Settings sections" className="border-b border-border pb-3">
      <ul className="flex flex-wrap gap-1">
        {Object.entries(sections).map(([key, label]) => (
          <li key={key}>
            <Link
              href={`/w/${slug}/settings/${key}`}
              aria-current={key === current ? "page" : undefined}
              className="inline-flex min-h-9 items-center whitespace-nowrap rounded-md px-2.5 text-sm text-muted hover:bg-surface hover:text-fg aria-[current=page]:bg-accent-soft aria-[current=page]:font-medium aria-[current=page]:text-fg"
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
