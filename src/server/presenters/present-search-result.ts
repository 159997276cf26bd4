import { documentSegment } from "@/shared/document-slug";
import type { SearchResultDto } from "@/shared/dto";
import type { SearchHit } from "@/server/services/search/search-documents";

/** A search hit with its editor URL and an ISO date. */
export function presentSearchResult(hit: SearchHit, workspaceSlug: string): SearchResultDto {
  return {
    id: hit.id,
    title: hit.title,
    snippet: hit.snippet,
    path: hit.path,
    url: `/w/${workspaceSlug}/d/${documentSegment(hit)}`,
    updatedAt: hit.updatedAt.toISOString(),
  };
}
