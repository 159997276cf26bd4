"use client";

import { useEffect, useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-field";
import type { CommentDraftKind, KeptCommentDraft } from "./comment-drafts";

/** What a kept draft's box says: what went, and that the words are here. */
export function keptDraftNotice(kind: CommentDraftKind, subject: string): string {
  const what = subject || (kind === "reply" ? "the thread" : "the comment");
  return kind === "reply"
    ? `${capitalised(what)} was deleted while you were replying. Your reply is kept here to copy.`
    : `${capitalised(what)} was deleted while you were editing it. Your edit is kept here to copy.`;
}

/**
 * A reply or an edit whose thread or comment someone else deleted (docs/product.md "Comments"):
 * its words in a read-only box with Copy, until "Discard". Arriving while the focus is nowhere
 * (its composer just went with the thread), it takes the focus; the panel says the notice.
 */
export function KeptCommentDraftBox({ kind, draft, onDiscard }: { kind: CommentDraftKind; draft: KeptCommentDraft; onDiscard: () => void }) {
  const noticeId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) ref.current?.focus();
  }, []);
  const noun = kind === "reply" ? "reply" : "edit";
  return (
    <div ref={ref} tabIndex={-1} role="group" aria-labelledby={noticeId} className="mb-3 rounded-lg border border-danger p-3 focus-visible:outline-2 focus-visible:outline-accent" data-testid="kept-comment-draft">
      <p id={noticeId} className="mb-2 text-sm text-fg">
        {keptDraftNotice(kind, draft.subject)}
      </p>
      <CopyField value={draft.text} label={`Your ${noun}`} noun={noun} rows={4} />
      <div className="flex justify-end">
        <Button variant="ghost" className="min-h-8 px-3" aria-label={`Discard your ${noun}`} onClick={onDiscard}>
          Discard
        </Button>
      </div>
    </div>
  );
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
