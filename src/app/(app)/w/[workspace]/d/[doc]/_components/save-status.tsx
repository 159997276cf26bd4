"use client";

import type { HocuspocusProvider } from "@hocuspocus/provider";
import { useEffect, useRef } from "react";
import type { CollabStatus } from "@/editor/connection/use-collab-status";
import { COLLAB_STATUS_LABEL, useCollabStatusIn, watchCollabStatus } from "@/editor/connection/use-collab-status";

/**
 * The header's save state, or `fixed` instead of it (no access, read only). The label is written
 * to the DOM, not through React state: it flips between "Saving…" and "Saved" with every
 * keystroke, and each React commit walks the focused 100,000-word body twice to save and restore
 * the selection (docs/benchmarks.md "Where a keystroke's time goes").
 */
export function SaveStatus({ provider, fixed }: { provider: HocuspocusProvider | null; fixed: string | null }) {
  const label = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!provider || fixed !== null) return;
    let shown: CollabStatus | null = null;
    return watchCollabStatus(provider, (status) => {
      if (status === shown || !label.current) return;
      shown = status;
      label.current.textContent = COLLAB_STATUS_LABEL[status];
    });
  }, [provider, fixed]);
  return (
    <p role="status" aria-live="polite" className="mr-auto text-muted" data-testid="save-status">
      {/* The span's one text child is React's only at first render: the effect writes it after. */}
      {fixed ?? <span ref={label}>{COLLAB_STATUS_LABEL.connecting}</span>}
    </p>
  );
}

/** Says that edits are kept on the device while offline; shown to those who can edit. */
export function OfflineBanner({ provider, canEdit }: { provider: HocuspocusProvider | null; canEdit: boolean }) {
  const isOffline = useCollabStatusIn(provider, OFFLINE);
  if (!isOffline || !canEdit) return null;
  return (
    <div role="status" className="rounded-md border border-border bg-surface px-3 py-2 text-sm" data-testid="offline-banner">
      You&rsquo;re offline. Your changes are kept on this device and will be merged when you reconnect.
    </div>
  );
}

const OFFLINE: readonly CollabStatus[] = ["offline"];
