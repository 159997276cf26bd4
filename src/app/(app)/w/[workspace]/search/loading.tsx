import { PageLoading } from "@/components/page-loading";

/** While a search runs: its frame, and a word that it is running. */
export default function SearchLoading() {
  return <PageLoading title="Search" status="Searching…" />;
}
