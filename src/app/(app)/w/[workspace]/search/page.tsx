import type { Metadata } from "next";
import Form from "next/form";
import Link from "next/link";
import { Snippet, resultPath } from "@/components/search-palette/search-hit";
import { buttonClass } from "@/components/ui/button";
import { requireMember } from "@/server/http/require-member";
import { AppError } from "@/server/errors";
import { presentSearchResult } from "@/server/presenters/present-search-result";
import { looksForSplitPhrase, searchDocuments } from "@/server/services/search/search-documents";
import type { SearchResultDto } from "@/shared/dto";
import { displayTitle } from "@/shared/document-slug";
import { SEARCH_PAGE_SIZE } from "@/shared/schemas/search";
import { LocalTime } from "@/components/time/local-time";

type Props = {
  params: Promise<{ workspace: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const metadata: Metadata = { title: "Search" };


/** The full results page: `?q=` ranked 20 per page, `cursor` for the next page (docs/product.md "Screens", "Limits"). */
export default async function SearchPage({ params, searchParams }: Props) {
  const { ctx, workspace } = await requireMember((await params).workspace);
  const search = await searchParams;
  const query = first(search.q);
  const cursor = first(search.cursor) || null;
  const pageNumber = Math.max(1, Math.trunc(Number(first(search.page)) || 1));
  const base = `/w/${workspace.slug}/search`;

  let results: SearchResultDto[] = [];
  let nextCursor: string | null = null;
  let phraseWindow: number | null = null;
  let error: string | null = null;
  try {
    const page = await searchDocuments(ctx, { workspace: { id: workspace.id }, query, cursor, limit: SEARCH_PAGE_SIZE });
    results = page.results.map((hit) => presentSearchResult(hit, workspace.slug));
    nextCursor = page.nextCursor;
    phraseWindow = page.phraseWindow;
  } catch (caught) {
    if (!(caught instanceof AppError) || caught.code !== "bad_request") throw caught;
    error = caught.message;
  }
  const text = query.trim();
  const from = (pageNumber - 1) * SEARCH_PAGE_SIZE + 1;
  // Said where the results end: an older document holding the phrase would have come after them.
  const windowNote =
    phraseWindow !== null && nextCursor === null ? (
      <p className="mt-1 text-sm text-muted">
        A phrase of common words is looked for in every title, and in the text of the {phraseWindow.toLocaleString("en")} most recently
        updated documents. Add a rarer word to search the text of them all.
        {looksForSplitPhrase(text) ? " A Chinese or Japanese word is a phrase of its characters, and a Thai, Lao, Khmer or Burmese one of its words." : null}
      </p>
    ) : null;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-8">
      <header className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold">Search</h1>
        <Form action={base} role="search" className="flex flex-wrap gap-2">
          <label htmlFor="search-query" className="sr-only">
            Search {workspace.name}
          </label>
          <input
            id="search-query"
            name="q"
            type="search"
            defaultValue={query}
            key={query}
            autoFocus={!text}
            placeholder="Words, “exact phrases”, -excluded"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "search-error" : "search-help"}
            className="min-h-10 min-w-0 flex-1 rounded-md border border-input-border bg-raised px-3 text-base text-fg placeholder:text-muted aria-[invalid=true]:border-danger sm:text-sm"
          />
          <button type="submit" className={buttonClass("primary")}>
            Search
          </button>
        </Form>
        {error ? (
          <p id="search-error" role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : (
          <p id="search-help" className="text-sm text-muted">
            Searches titles and text of the documents in {workspace.name}. Put “quotes” around a phrase, a - before a word to leave
            it out, and or between words to match either.
          </p>
        )}
      </header>

      {/* With no results the box below says so on screen: this line is then only announced. */}
      <p role="status" className={text && !error && results.length > 0 ? "text-sm text-muted" : "sr-only"}>
        {error || !text ? "" : summary(text, results.length, from, nextCursor !== null)}
      </p>

      {!text && !error ? (
        <section className="rounded-xl border border-dashed border-border p-8 text-center text-sm text-muted">
          <p className="font-medium text-fg">Search this workspace</p>
          <p className="mt-1">Type a word or phrase above. Ctrl/⌘ K searches from anywhere.</p>
        </section>
      ) : null}

      {text && !error && results.length === 0 ? (
        <section className="rounded-xl border border-dashed border-border p-8 text-center text-sm text-muted">
          <p className="font-medium text-fg">No results for “{text}”</p>
          <p className="mt-1">Check the spelling, use fewer words, or search for the start of a word as it is written (no stemming: “plans” does not find “plan”).</p>
          {windowNote}
          {pageNumber > 1 ? (
            <Link href={`${base}?q=${encodeURIComponent(query)}`} className="mt-3 inline-block font-medium text-accent hover:underline">
              Back to the first page
            </Link>
          ) : null}
        </section>
      ) : null}

      {results.length > 0 ? (
        <ol start={from} className="flex flex-col divide-y divide-border" aria-label="Results">
          {results.map((result) => {
            const path = resultPath(result);
            return (
              <li key={result.id} className="flex flex-col gap-1 py-3">
                <Link href={result.url} dir="auto" className="break-words text-base font-medium text-accent hover:underline">
                  {displayTitle(result.title)}
                </Link>
                {path ? <p className="break-words text-xs text-muted">{path}</p> : null}
                <p dir="auto" className="break-words text-sm">
                  <Snippet html={result.snippet} />
                </p>
                <p className="text-xs text-muted">Updated <LocalTime value={result.updatedAt} style="date" /></p>
              </li>
            );
          })}
        </ol>
      ) : null}
      {results.length > 0 ? windowNote : null}

      {results.length > 0 && (nextCursor || pageNumber > 1) ? (
        <nav aria-label="Result pages" className="flex flex-wrap items-center justify-between gap-2">
          {pageNumber > 1 ? (
            <Link href={`${base}?q=${encodeURIComponent(query)}`} className={buttonClass("secondary")}>
              First page
            </Link>
          ) : (
            <span />
          )}
          {nextCursor ? (
            <Link
              href={`${base}?q=${encodeURIComponent(query)}&cursor=${encodeURIComponent(nextCursor)}&page=${pageNumber + 1}`}
              className={buttonClass("secondary")}
            >
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

function summary(text: string, count: number, from: number, hasMore: boolean): string {
  if (count === 0) return `No results for “${text}”.`;
  const to = from + count - 1;
  if (from === 1 && !hasMore) return `${count} ${count === 1 ? "result" : "results"} for “${text}”.`;
  const range = to === from ? `Result ${from}` : `Results ${from}–${to}`;
  return `${range} for “${text}”${hasMore ? ", more on the next page" : ""}.`;
}
