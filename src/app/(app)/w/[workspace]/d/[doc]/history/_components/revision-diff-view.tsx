import type { RevisionDiff } from "@/shared/revision-diff";

/**
 * The changes from a revision to the current text: inserted runs as <ins>, deleted as <del>,
 * reformatted as <mark>. Each also reads out its kind (screen readers announce neither <ins>
 * nor <del> by default) and is drawn with a line, not only a colour.
 */
export function RevisionDiffView({ diff }: { diff: RevisionDiff }) {
  const isUnchanged = diff.inserted === 0 && diff.deleted === 0 && !diff.segments.some((s) => s.kind === "formatted");
  return (
    <div className="flex flex-col gap-3">
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted" data-testid="diff-legend">
        <span>
          Legend: <ins className={INS}>inserted since</ins> <del className={DEL}>deleted since</del> <mark className={MARK}>formatting changed</mark>
        </span>
        <span>
          {isUnchanged
            ? "The current text is the same as this version."
            : `${diff.inserted.toLocaleString("en")} character${diff.inserted === 1 ? "" : "s"} inserted, ${diff.deleted.toLocaleString("en")} deleted since this version.`}
        </span>
      </p>
      <div
        className="max-h-[60vh] overflow-auto whitespace-pre-wrap break-words rounded-lg border border-border bg-surface p-4 text-sm leading-relaxed"
        data-testid="revision-diff"
        tabIndex={0}
        aria-label="Changes since this version"
      >
        {diff.segments.map((segment, index) => {
          if (segment.kind === "inserted") {
            return (
              <ins key={index} className={INS}>
                <span className="sr-only">[inserted: </span>
                {segment.text}
                <span className="sr-only">]</span>
              </ins>
            );
          }
          if (segment.kind === "deleted") {
            return (
              <del key={index} className={DEL}>
                <span className="sr-only">[deleted: </span>
                {segment.text}
                <span className="sr-only">]</span>
              </del>
            );
          }
          if (segment.kind === "formatted") {
            return (
              <mark key={index} className={MARK}>
                <span className="sr-only">[formatting changed: </span>
                {segment.text}
                <span className="sr-only">]</span>
              </mark>
            );
          }
          return <span key={index}>{segment.text}</span>;
        })}
      </div>
    </div>
  );
}

const INS = "rounded-sm bg-success/15 text-fg underline decoration-success decoration-2 underline-offset-2";
const DEL = "rounded-sm bg-danger-soft text-danger line-through decoration-2";
const MARK = "rounded-sm bg-accent-soft text-fg underline decoration-dotted decoration-accent decoration-2 underline-offset-2";
