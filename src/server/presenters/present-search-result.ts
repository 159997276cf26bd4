import { documentSegment } from "@/shared/document-slug";
import type { SearchResultDto } from "@/shared/dto";

/** A search hit as the search use case finds it. */
export interface SearchHitRow {
  id: string;
  title: string;
  /** Escaped body excerpt with `<mark>` around matches. */
  snippet: string;
  path: Array<{ id: string; title: string }>;
  updatedAt: Date;
}

/** A search hit with its editor URL and an ISO date. */
export function presentSearchResult(hit: SearchHitRow, workspaceSlug: string): SearchResultDto {
  return {
    id: hit.id,
    title: hit.title,
    snippet: hit.snippet,
    path: hit.path,
    url: `/w/${workspaceSlug}/d/${documentSegment(hit)}`,
    updatedAt: hit.updatedAt.toISOString(),
  };
}
