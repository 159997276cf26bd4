import type { MouseEvent } from "react";
import type { OutlineEntry } from "@/shared/document-outline";

const INDENT = { 1: "pl-2", 2: "pl-5", 3: "pl-8" } as const;

/**
 * A document's headings as links to their `#h-…` anchors, indented by level. No hooks: the
 * published page renders it on the server as plain links; the editor's panel passes the
 * section in view and takes the clicks (which Enter on a focused link makes too).
 */
export function OutlineList({
  outline,
  activeAnchor,
  onSelect,
}: {
  outline: OutlineEntry[];
  activeAnchor?: string | null;
  onSelect?: (entry: OutlineEntry, event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  return (
    <ol className="flex flex-col gap-0.5 text-sm" data-testid="outline-list">
      {outline.map((entry) => (
        <li key={entry.anchor}>
          <a
            href={`#${entry.anchor}`}
            aria-current={entry.anchor === activeAnchor ? "location" : undefined}
            onClick={onSelect ? (event) => onSelect(entry, event) : undefined}
            className={`block rounded py-1 pr-2 break-words text-muted hover:bg-surface hover:text-fg aria-[current=location]:bg-accent-soft aria-[current=location]:font-medium aria-[current=location]:text-fg ${INDENT[entry.level]}`}
          >
            {entry.text}
          </a>
        </li>
      ))}
    </ol>
  );
}
