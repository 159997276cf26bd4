import Link from "next/link";

/** Tabs-like links between settings sections (links, so each section has its own URL). */
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
    <nav aria-label="Settings sections" className="border-b border-border">
      <ul className="-mb-px flex gap-4 overflow-x-auto">
        {Object.entries(sections).map(([key, label]) => (
          <li key={key}>
            <Link
              href={`/w/${slug}/settings/${key}`}
              aria-current={key === current ? "page" : undefined}
              className="inline-flex min-h-10 items-center whitespace-nowrap border-b-2 focus-visible:outline-offset-[-2px] border-transparent px-1 text-sm text-muted hover:text-fg aria-[current=page]:border-accent aria-[current=page]:font-medium aria-[current=page]:text-fg"
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
