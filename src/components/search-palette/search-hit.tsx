import type { SearchResultDto } from "@/shared/dto";
import { displayTitle } from "@/shared/document-slug";

/** The ancestors of a result as "Handbook / Onboarding", or null at the top level. */
export function resultPath(result: SearchResultDto): string | null {
  return result.path.length ? result.path.map((p) => displayTitle(p.title)).join(" / ") : null;
}

/**
 * A result's snippet. The server escapes every character of the document and adds only
 * <mark> around matches (server/presenters/snippet-html.ts), so this HTML is safe to insert.
 */
export function Snippet({ html, className = "" }: { html: string; className?: string }) {
  if (!html) return null;
  return (
    <span
      className={`[&_mark]:rounded-sm [&_mark]:bg-accent-soft [&_mark]:px-0.5 [&_mark]:font-semibold [&_mark]:text-fg ${className}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
