"use client";

import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import type { ActionResult } from "@/shared/api-error";
import type { CommentBody } from "@/shared/comments/comment-dto";
import { parseCommentMarkup } from "@/shared/comments/comment-markup";
import type { MentionValue } from "@/shared/mentions";
import { TextareaMentions } from "@/editor/mention-textarea";
import { useMentionMembers } from "@/components/mention-members";
import { MAX_COMMENT_CHARS } from "@/shared/comments/comment-rules";
import { Button } from "@/components/ui/button";
import { reachServer } from "@/lib/reach-server";
import type { ComposerNames } from "./comment-names";

/**
 * A comment's text box: Markdown's inline marks for bold, italic, code and links (shared/comments/
 * comment-markup.ts), and "@" to mention a member or link a document (editor/mention-textarea.ts).
 * Ctrl/⌘+Enter sends; Escape first closes the "@" list when it is open, then cancels an empty box
 * (the caller puts the focus back) or calls `onEscape` for one that holds text. `onDraftChange` hears every change of the text, so a caller can keep
 * a draft the composer itself won't outlive (a thread moving between lists remounts its card).
 */
/** A composer's unsent text and the members its "@Name"s stand for. */
export interface ComposerDraft {
  text: string;
  mentions: MentionValue[];
}


export function CommentComposer({
  label,
  submitLabel,
  names,
  initialText = "",
  initialMentions = [],
  autoFocus = false,
  onSubmit,
  onCancel,
  onEscape = onCancel,
  onDraftChange,
}: {
  /** What the empty text box shows, and its name unless `names` gives one. */
  label: string;
  submitLabel: string;
  /** Names that say which thread or comment the box acts on (comment-names.ts); the visible labels stay `label`, `submitLabel` and "Cancel". */
  names?: ComposerNames;
  initialText?: string;
  /** The people the edited comment mentions (commentBodyMentions), so its "@Name"s stay mentions. */
  initialMentions?: MentionValue[];
  /** "if-lost": only when the focus is nowhere (its previous composer was just unmounted). */
  autoFocus?: boolean | "if-lost";
  onSubmit: (body: CommentBody) => Promise<ActionResult<unknown>>;
  onCancel: () => void;
  /** Escape in a text box that holds something; Cancel by default (an empty one always cancels). */
  onEscape?: () => void;
  onDraftChange?: (draft: ComposerDraft) => void;
}) {
  const [text, setText] = useState(initialText);
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  const pickerRef = useRef<HTMLDivElement>(null);
  const mentionsRef = useRef<TextareaMentions | null>(null);
  const caretRef = useRef<number | null>(null);
  const { workspaceId } = useMentionMembers();
  const id = useId();
  useEffect(() => {
    const isFocusLost = !document.activeElement || document.activeElement === document.body;
    const textarea = ref.current;
    if (!textarea || !(autoFocus === true || (autoFocus === "if-lost" && isFocusLost))) return;
    textarea.focus();
    // After what it already holds (an edited comment, a kept reply), as if the person had just typed it.
    textarea.setSelectionRange(textarea.value.length, textarea.value.length);
  }, [autoFocus]);
  useEffect(() => {
    onDraftChange?.({ text, mentions: [...(mentionsRef.current?.mentions ?? [])] });
  }, [text, onDraftChange]);
  // The "@" picker lives beside React: its popup is DOM of its own in an element React leaves empty.
  useEffect(() => {
    const textarea = ref.current;
    const parent = pickerRef.current;
    if (!textarea || !parent) return;
    const mentions = new TextareaMentions(textarea, parent, workspaceId, (value, caret) => {
      caretRef.current = caret;
      setText(value);
    });
    mentions.mentions = initialMentions;
    mentionsRef.current = mentions;
    const onInput = (event: Event) => mentions.onInput(event);
    const onKeyDown = (event: KeyboardEvent) => {
      if (!mentions.onKeyDown(event)) return;
      event.preventDefault();
      event.stopPropagation(); // not the composer's Escape (cancel) nor React's handlers
    };
    const onBlur = () => mentions.picker.close();
    textarea.addEventListener("input", onInput);
    textarea.addEventListener("keydown", onKeyDown);
    textarea.addEventListener("blur", onBlur);
    return () => {
      textarea.removeEventListener("input", onInput);
      textarea.removeEventListener("keydown", onKeyDown);
      textarea.removeEventListener("blur", onBlur);
      mentions.destroy();
      mentionsRef.current = null;
    };
    // initialMentions seeds the list once, as initialText seeds the text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [workspaceId]);
  // After a choice: the caret goes after what was inserted, once React has put the text in.
  useLayoutEffect(() => {
    const caret = caretRef.current;
    if (caret === null || !ref.current) return;
    caretRef.current = null;
    ref.current.setSelectionRange(caret, caret);
  }, [text]);

  const send = async () => {
    if (isSending) return;
    if (text.trim() === "") return setError("Write something first.");
    setIsSending(true);
    // Offline, the text stays here with a message, and sending again works once back online.
    const result = await reachServer(() => onSubmit(parseCommentMarkup(text, mentionsRef.current?.mentions ?? [])));
    setIsSending(false);
    if (result.ok) {
      setText("");
      if (mentionsRef.current) mentionsRef.current.mentions = [];
    }
    else setError(result.fields?.body ?? result.message);
  };

  return (
    <form
      className="comment-composer flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor={`${id}-text`} className="sr-only">
        {names?.text ?? label}
      </label>
      <textarea
        id={`${id}-text`}
        ref={ref}
        value={text}
        rows={3}
        maxLength={MAX_COMMENT_CHARS * 2}
        placeholder={label}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        className="w-full resize-y rounded-md border border-input-border bg-bg px-2 py-1.5 text-sm text-fg"
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.defaultPrevented) return; // the "@" list's key
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void send();
          } else if (event.key === "Escape") {
            event.preventDefault();
            event.stopPropagation();
            // Nothing written: Escape cancels. Something written: `onEscape`, which keeps it where the caller can.
            (text.trim() === "" ? onCancel : onEscape)();
          }
        }}
      />
      {/* The "@" list's place: right under the text box (editor/mention-textarea.ts). */}
      <div ref={pickerRef} className="relative -mt-2 h-0" />
      <p id={`${id}-hint`} className="text-xs text-muted">
        **bold**, *italic*, `code`, [link](https://…), @ to mention · Ctrl+Enter to send
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" className="min-h-8 px-3" aria-label={names?.cancel} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" className="min-h-8 px-3" aria-label={names?.submit} disabled={isSending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
