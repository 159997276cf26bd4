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
 *
 * The visible label is not a live region: a screen reader would say "Saving… Saved" after every
 * key. A hidden one beside it announces what someone typing needs to hear — the connection lost
 * or refused, and "Saved" once edits kept offline have reached the server.
 */
export function SaveStatus({ provider, fixed }: { provider: HocuspocusProvider | null; fixed: string | null }) {
  const label = useRef<HTMLSpanElement>(null);
  const announcement = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!provider || fixed !== null) return;
    let shown: CollabStatus | null = null;
    let wasAway = false;
    return watchCollabStatus(provider, (status) => {
      if (status === shown || !label.current) return;
      shown = status;
      label.current.textContent = COLLAB_STATUS_LABEL[status];
      // Away until saved again: connecting and saving on the way back don't end it.
      let said: string | null = null;
      if (AWAY.has(status)) {
        said = COLLAB_STATUS_LABEL[status];
        wasAway = true;
      } else if (status === "saved") {
        if (wasAway) said = COLLAB_STATUS_LABEL.saved;
        wasAway = false;
      }
      if (said && announcement.current) announcement.current.textContent = said;
    });
  }, [provider, fixed]);
  return (
    <>
      <p className="mr-auto text-muted" data-testid="save-status">
        {/* The span's one text child is React's only at first render: the effect writes it after. */}
        {fixed ?? <span ref={label}>{COLLAB_STATUS_LABEL.connecting}</span>}
      </p>
      <span ref={announcement} role="status" className="sr-only" data-testid="save-announcement" />
    </>
  );
}

/** States worth interrupting someone who is typing for (and "Saved" once they are over). */
const AWAY: ReadonlySet<CollabStatus> = new Set(["offline", "reconnecting", "denied"]);

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
