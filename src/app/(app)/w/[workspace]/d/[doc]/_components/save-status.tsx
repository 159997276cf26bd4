"use client";

import type { HocuspocusProvider } from "@hocuspocus/provider";
import type { RefObject } from "react";
import { useEffect, useRef, useState } from "react";
import type { CollabStatus } from "@/editor/connection/use-collab-status";
import { COLLAB_STATUS_LABEL, useCollabStatusIn, watchCollabStatus } from "@/editor/connection/use-collab-status";
import { AtWindowFoot } from "@/components/ui/window-foot";

/**
 * The header's save state, or `fixed` instead of it (no access, read only). The label is written
 * to the DOM, not through React state: it flips between "Saving…" and "Saved" with every
 * keystroke, and each React commit walks the focused 100,000-word body twice to save and restore
 * the selection (docs/benchmarks.md "Where a keystroke's time goes").
 *
 * The visible label is not a live region: a screen reader would say "Saving… Saved" after every
 * key. A hidden one beside it announces what someone typing needs to hear — the connection lost
 * or refused, and "Saved" once edits kept offline have reached the server. The paragraph carries
 * the state as `data-status`, so "Offline" stands out from the quiet "Saved".
 */
export function SaveStatus({ provider, fixed, ref }: { provider: HocuspocusProvider | null; fixed: string | null; ref?: RefObject<HTMLParagraphElement | null> }) {
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
      label.current.parentElement?.setAttribute("data-status", status);
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
      <p ref={ref} className="mr-auto text-muted data-[status=offline]:font-medium data-[status=offline]:text-fg" data-testid="save-status">
        {/* The span's one text child is React's only at first render: the effect writes it after. */}
        {fixed ?? <span ref={label}>{COLLAB_STATUS_LABEL.connecting}</span>}
      </p>
      <span ref={announcement} role="status" className="sr-only" data-testid="save-announcement" />
    </>
  );
}

/** States worth interrupting someone who is typing for (and "Saved" once they are over). */
const AWAY: ReadonlySet<CollabStatus> = new Set(["offline", "reconnecting", "denied"]);

/** The offline chip's words below 640 px, where the full label would wrap onto a second line. */
export const OFFLINE_CHIP_SHORT = "Offline — kept on this device";

/**
 * While offline and scrolled past the header, its status said again where it stays in view: a
 * small chip at the window's foot (window-foot.tsx), over the page, so nothing moves when the
 * connection drops or returns. With the header's status on screen it is not shown, so the state is
 * said once; the status's hidden live region has already announced it. Shown to those who can edit.
 * One line at any width: narrow, it shows a shorter label, and a screen reader still reads the full one.
 */
export function OfflineBanner({ provider, canEdit, status }: { provider: HocuspocusProvider | null; canEdit: boolean; status: RefObject<HTMLElement | null> }) {
  const isOffline = useCollabStatusIn(provider, OFFLINE) && canEdit;
  const isStatusOnScreen = useIsOnScreen(status, isOffline);
  if (!isOffline || isStatusOnScreen) return null;
  return (
    <AtWindowFoot>
      <div className="mt-2 flex max-w-full justify-center" data-testid="offline-banner">
        <p className="flex max-w-full items-center gap-2 whitespace-nowrap rounded-full border border-border bg-raised px-3 py-1.5 text-sm font-medium shadow-md">
          <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-danger" />
          <span aria-hidden="true" className="min-w-0 truncate sm:hidden">
            {OFFLINE_CHIP_SHORT}
          </span>
          <span className="max-sm:sr-only">{COLLAB_STATUS_LABEL.offline}</span>
        </p>
      </div>
    </AtWindowFoot>
  );
}

/** Whether the element is in the window, watched only while `isWatching` (true until seen otherwise). */
function useIsOnScreen(element: RefObject<HTMLElement | null>, isWatching: boolean): boolean {
  const [isOnScreen, setIsOnScreen] = useState(true);
  useEffect(() => {
    const target = element.current;
    if (!isWatching || !target) return;
    const observer = new IntersectionObserver(([entry]) => setIsOnScreen(entry?.isIntersecting ?? true));
    observer.observe(target);
    return () => {
      observer.disconnect();
      setIsOnScreen(true);
    };
  }, [element, isWatching]);
  return isOnScreen;
}

const OFFLINE: readonly CollabStatus[] = ["offline"];
