"use client";

import Link from "next/link";
import { LocalTime } from "@/components/time/local-time";
import type { CollabNotice } from "@/editor/connection/use-collab-notice";

/**
 * The collaboration server's latest word to this editor (editor/connection/use-collab-notice.ts),
 * with the way on it offers: sign in, turn on two-factor, back to the workspace, the history, a
 * reload after a refused change, or dismiss.
 */
export function CollabNoticeBar({
  notice,
  userId,
  workspaceSlug,
  historyHref,
  onDismiss,
}: {
  notice: CollabNotice;
  userId: string;
  workspaceSlug: string;
  /** The document's history (`…/history`); a revision's page is below it. */
  historyHref: string;
  onDismiss: () => void;
}) {
  const isCalm = notice.kind === "access-changed" || notice.kind === "restored";
  return (
    <div
      role={notice.kind === "denied" ? "alert" : "status"}
      className={
        isCalm
          ? "flex flex-wrap items-center gap-3 rounded-md border border-border bg-accent-soft px-3 py-2 text-sm"
          : "flex flex-wrap items-center gap-3 rounded-md border border-danger/40 bg-danger-soft px-3 py-2 text-sm text-danger"
      }
      data-testid="collab-notice"
    >
      <span className="min-w-0 flex-1">{notice.kind === "restored" ? <RestoredText notice={notice} userId={userId} /> : notice.message}</span>
      {notice.kind === "restored" ? (
        <Link href={`${historyHref}/${notice.keptIn}`} className="font-medium underline">
          See the text from before
        </Link>
      ) : null}
      {notice.kind === "denied" && notice.refusedUpdate ? (
        <button type="button" onClick={() => window.location.reload()} className="font-medium underline">
          Reload page
        </button>
      ) : notice.kind === "denied" && notice.lost === "signedOut" ? (
        <a href={`/login?next=${encodeURIComponent(window.location.pathname)}`} className="font-medium underline">
          Sign in
        </a>
      ) : notice.kind === "denied" && notice.lost === "twoFactorRequired" ? (
        <a href={`/profile/security?required=${encodeURIComponent(workspaceSlug)}`} className="font-medium underline">
          Turn on two-factor
        </a>
      ) : notice.kind === "denied" ? (
        <a href={`/w/${workspaceSlug}`} className="font-medium underline">
          Go to workspace
        </a>
      ) : (
        <button type="button" onClick={onDismiss} className="font-medium underline">
          Dismiss
        </button>
      )}
    </div>
  );
}

/** “Ann restored the version of Nov 24, 2026, 3:05 PM (“Draft”). …”: who, which version, and where the text it replaced is. */
function RestoredText({ notice, userId }: { notice: Extract<CollabNotice, { kind: "restored" }>; userId: string }) {
  return (
    <>
      {notice.by.id === userId ? "You" : notice.by.name} restored the version of <LocalTime value={notice.version.createdAt} />
      {notice.version.name ? ` (“${notice.version.name}”)` : ""}. The text from just before, with everything typed until then, is kept
      in the document&rsquo;s history.
    </>
  );
}
