import { PageLoading } from "@/components/page-loading";

/** While a settings tab loads: its frame, and a word that it is coming. */
export default function SettingsLoading() {
  return <PageLoading title="Settings" status="Loading settings…" />;
}
