import { PageLoading } from "@/components/page-loading";

/**
 * While a document's history or one of its versions loads (the title is the server's to say).
 * The editor's own route has no loading.tsx: its server-rendered body must be in the first paint,
 * focused and typeable before any script (lib/server-rendered-body.ts, editor/early-typing.ts),
 * and a Suspense fallback would stream it later, hidden, for a script to swap in.
 */
export default function HistoryLoading() {
  return <PageLoading title={null} status="Loading versions…" rows={5} paddingY="py-6" />;
}
