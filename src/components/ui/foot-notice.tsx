"use client";

import type { ReactNode } from "react";
import { AtWindowFoot } from "./window-foot";

/** A notice at the window's foot: what an action far from it did, or why it failed. */
export interface FootNoticeContent {
  /** What happened, links included. */
  text: ReactNode;
  /** `error` is an alert; the others are polite statuses, and `progress` can't be dismissed (it ends by itself). */
  tone: "success" | "progress" | "error";
  testId: string;
}

/**
 * One notice over the page at the window's foot (window-foot.tsx), so the page doesn't move when it
 * comes or goes (docs/product.md "Keyboard and screen readers"). Its live regions wait there from
 * the page's start, so what appears in them is announced: a status politely, an error at once. It
 * stays until dismissed or replaced, since it may hold a link to reach.
 */
export function FootNotice({ notice, onDismiss }: { notice: FootNoticeContent | null; onDismiss: () => void }) {
  const card = notice ? (
    <div
      data-testid={notice.testId}
      className="pointer-events-auto mt-2 flex w-max max-w-full items-start gap-1 rounded-lg border border-border bg-raised py-1.5 pl-3 pr-1.5 text-sm shadow-md sm:max-w-lg"
    >
      <p className={`min-w-0 flex-1 py-0.5 break-words ${notice.tone === "error" ? "text-danger" : notice.tone === "progress" ? "text-muted" : "text-fg"}`}>{notice.text}</p>
      {notice.tone === "progress" ? null : (
        <button
          type="button"
          aria-label="Dismiss"
          onClick={onDismiss}
          className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-muted hover:bg-surface hover:text-fg"
        >
          <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      )}
    </div>
  ) : null;
  return (
    <AtWindowFoot>
      <div role="status" className="flex w-full justify-center">
        {notice?.tone === "error" ? null : card}
      </div>
      <div role="alert" className="flex w-full justify-center">
        {notice?.tone === "error" ? card : null}
      </div>
    </AtWindowFoot>
  );
}
