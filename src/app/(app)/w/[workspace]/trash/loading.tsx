import { PageLoading } from "@/components/page-loading";

/** While the trash loads: its frame, and a word that it is coming. */
export default function TrashLoading() {
  return <PageLoading title="Trash" status="Loading the trash…" />;
}
