"use client";

import { useEffect, useRef, useState } from "react";
import { Button, buttonClass } from "@/components/ui/button";

/** The person's own text, set aside when they loaded someone else's version of the template. */
export interface KeptVersion {
  /** The editor's delta ops, to put back as they were. */
  ops: Array<Record<string, unknown>>;
  /** The same as plain text, to copy. */
  text: string;
}

/**
 * Under the template editor's status line (docs/product.md "Templates"): when a save met a body
 * someone else saved meanwhile (`conflict`, the server's words), the two ways on — load theirs,
 * or save this one over it. Loading theirs sets this person's text aside (`kept`), and this offers
 * it back until the page is left: put it back into the editor, or copy it. Nothing here drops
 * either version without the person choosing so.
 */
export function TemplateConflictNotice({
  conflict,
  kept,
  isBusy,
  onLoadTheirs,
  onSaveMine,
  onPutMineBack,
  onDiscardMine,
}: {
  conflict: string | null;
  kept: KeptVersion | null;
  isBusy: boolean;
  onLoadTheirs: () => void;
  onSaveMine: () => void;
  onPutMineBack: () => void;
  onDiscardMine: () => void;
}) {
  if (conflict) {
    return (
      <div role="alert" className="flex flex-col gap-3 rounded-md border border-danger/40 bg-danger-soft px-3 py-2 text-sm" data-testid="template-conflict">
        <p className="text-danger">{conflict} Your text is still here. Load their version (yours is kept to copy or put back), or save yours over theirs.</p>
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={onLoadTheirs} disabled={isBusy}>
            Load their version
          </Button>
          <Button variant="secondary" onClick={onSaveMine} disabled={isBusy}>
            Save mine over theirs
          </Button>
        </div>
      </div>
    );
  }
  return kept ? <KeptVersionNotice kept={kept} onPutMineBack={onPutMineBack} onDiscardMine={onDiscardMine} /> : null;
}

function KeptVersionNotice({ kept, onPutMineBack, onDiscardMine }: { kept: KeptVersion; onPutMineBack: () => void; onDiscardMine: () => void }) {
  const [copied, setCopied] = useState<"copied" | "failed" | null>(null);
  const putBackRef = useRef<HTMLButtonElement>(null);
  // It replaces the conflict's buttons, "Load their version" among them: focus goes to the way back.
  useEffect(() => putBackRef.current?.focus(), []);
  const copy = () => {
    navigator.clipboard.writeText(kept.text).then(
      () => setCopied("copied"),
      () => setCopied("failed"),
    );
  };
  return (
    <div className="flex flex-col gap-2 rounded-md border border-border bg-surface px-3 py-2 text-sm" data-testid="template-kept-version">
      <p>Your version, as it was before you loaded theirs:</p>
      <details>
        <summary className="cursor-pointer font-medium">Show your text</summary>
        <textarea
          readOnly
          value={kept.text}
          aria-label="Your version's text"
          rows={Math.min(8, kept.text.split("\n").length + 1)}
          className="mt-2 w-full rounded-md border border-border bg-bg p-2 font-mono text-sm"
        />
      </details>
      <div className="flex flex-wrap items-center gap-3">
        <button ref={putBackRef} type="button" className={buttonClass("secondary")} onClick={onPutMineBack}>
          Put my version back
        </button>
        <button type="button" onClick={copy} className="font-medium underline">
          Copy my text
        </button>
        <button type="button" onClick={onDiscardMine} className="font-medium underline">
          Discard my version
        </button>
        {copied ? <span aria-live="polite">{copied === "copied" ? "Copied." : "Copying failed: select the text above and copy it."}</span> : null}
      </div>
    </div>
  );
}
