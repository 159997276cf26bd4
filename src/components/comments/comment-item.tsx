"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { LocalTime } from "@/components/time/local-time";
import { Avatar } from "@/components/ui/avatar";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { deleteCommentAction, editCommentAction, toggleCommentReactionAction } from "@/server/actions/comment-actions";
import { reachServer } from "@/lib/reach-server";
import type { CommentDto } from "@/shared/comments/comment-dto";
import { commentBodyMentions, commentBodyToMarkup } from "@/shared/comments/comment-markup";
import { useMentionMembers } from "@/components/mention-members";
import type { CommentReaction } from "@/shared/comments/comment-rules";
import { COMMENT_REACTIONS, COMMENT_REACTION_LABELS } from "@/shared/comments/comment-rules";
import { CommentBodyView } from "./comment-body-view";
import type { ComposerDraft } from "./comment-composer";
import { CommentComposer } from "./comment-composer";
import type { CommentDraftStore } from "./comment-drafts";
import { commentSubject, editBoxNames } from "./comment-names";

const SMALL = "rounded px-1.5 py-0.5 text-xs text-muted hover:bg-surface hover:text-fg";

/**
 * One comment: author, time, body, reactions, and its author's (or a moderator's) Edit and Delete.
 * An edit that changes the text is kept in `drafts` until saved or cancelled: it comes back after a
 * reload, and the panel offers it to copy if the comment is deleted meanwhile.
 */
export function CommentItem({
  comment,
  canReact,
  drafts,
  onChanged,
  onError,
}: {
  comment: CommentDto;
  canReact: boolean;
  drafts: CommentDraftStore;
  onChanged: () => void;
  onError: (message: string) => void;
}) {
  const kept = drafts.get("edit", comment.id);
  const [isEditing, setIsEditing] = useState(() => kept !== undefined);
  const [isPicking, setIsPicking] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const { names } = useMentionMembers();
  // Saved or cancelled, the edit box goes: focus goes to the Edit button that comes back in its place.
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (isEditing) wasEditing.current = true;
    else if (wasEditing.current) {
      wasEditing.current = false;
      editButtonRef.current?.focus();
    }
  }, [isEditing]);
  // The text as saved, which the box opened with: an edit that still reads so keeps nothing.
  const savedMarkup = commentBodyToMarkup(comment.body, (id) => names.get(id));
  const subject = commentSubject(comment);
  const keepEdit = useCallback(
    (next: ComposerDraft) => (next.text === savedMarkup ? drafts.delete("edit", comment.id) : drafts.set("edit", comment.id, { ...next, subject })),
    [drafts, comment.id, savedMarkup, subject],
  );
  const stopEditing = () => {
    drafts.delete("edit", comment.id);
    setIsEditing(false);
  };
  if (comment.isDeleted) return <p className="text-sm italic text-muted">Comment deleted</p>;
  // Every comment has its Edit, Delete and React, and an open edit box its Save and Cancel: their
  // names say whose and which (docs/product.md "Keyboard and screen readers"), the visible labels stay short.

  const react = async (emoji: CommentReaction) => {
    setIsPicking(false);
    const result = await reachServer(() => toggleCommentReactionAction({ commentId: comment.id, emoji }));
    if (result.ok) onChanged();
    else onError(result.message);
  };

  return (
    <div className="flex flex-col gap-1" data-testid="comment">
      <div className="flex items-center gap-2 text-xs">
        <Avatar name={comment.author.name} color={comment.author.color} size={20} />
        <span className="font-semibold text-fg">{comment.author.name}</span>
        <LocalTime value={comment.createdAt} className="text-muted" />
        {comment.editedAt ? <span className="text-muted">(edited)</span> : null}
      </div>
      {isEditing ? (
        <CommentComposer
          label="Edit comment"
          submitLabel="Save"
          names={editBoxNames(subject)}
          // Opened again with a kept edit (a reload): the focus comes only if it was lost.
          autoFocus={kept ? "if-lost" : true}
          initialText={kept?.text ?? savedMarkup}
          initialMentions={kept?.mentions ?? commentBodyMentions(comment.body, (id) => names.get(id))}
          onDraftChange={keepEdit}
          onCancel={stopEditing}
          onSubmit={async (body) => {
            const result = await reachServer(() => editCommentAction({ commentId: comment.id, body }));
            if (result.ok) {
              stopEditing();
              onChanged();
            }
            return result;
          }}
        />
      ) : (
        <CommentBodyView body={comment.body} />
      )}
      <div className="flex flex-wrap items-center gap-1">
        {comment.reactions.map((reaction) => (
          <button
            key={reaction.emoji}
            type="button"
            disabled={!canReact}
            aria-pressed={reaction.mine}
            aria-label={`${COMMENT_REACTION_LABELS[reaction.emoji]}: ${reaction.count}, on ${subject}`}
            className={`rounded-full border px-2 text-xs ${reaction.mine ? "border-accent bg-accent-soft" : "border-border"}`}
            onClick={() => void react(reaction.emoji)}
          >
            <span aria-hidden="true">{reaction.emoji}</span> {reaction.count}
          </button>
        ))}
        {canReact ? (
          <button type="button" className={SMALL} aria-expanded={isPicking} aria-label={`React to ${subject}`} onClick={() => setIsPicking(!isPicking)}>
            React
          </button>
        ) : null}
        {comment.canEdit && !isEditing ? (
          <button ref={editButtonRef} type="button" className={SMALL} aria-label={`Edit ${subject}`} onClick={() => setIsEditing(true)}>
            Edit
          </button>
        ) : null}
        {comment.canDelete ? (
          <button type="button" className={SMALL} aria-label={`Delete ${subject}`} onClick={() => setIsConfirming(true)}>
            Delete
          </button>
        ) : null}
      </div>
      {isPicking ? (
        <div role="group" aria-label={`Reactions to ${subject}`} className="flex gap-1">
          {COMMENT_REACTIONS.map((emoji) => (
            <button key={emoji} type="button" aria-label={COMMENT_REACTION_LABELS[emoji]} className="rounded px-1 text-base hover:bg-surface" onClick={() => void react(emoji)}>
              <span aria-hidden="true">{emoji}</span>
            </button>
          ))}
        </div>
      ) : null}
      <ConfirmDialog
        open={isConfirming}
        title="Delete this comment?"
        description="It is removed for everyone. This can't be undone."
        confirmLabel="Delete"
        onCancel={() => setIsConfirming(false)}
        onConfirm={async () => {
          setIsConfirming(false);
          const result = await reachServer(() => deleteCommentAction({ commentId: comment.id }));
          if (result.ok) onChanged();
          else onError(result.message);
        }}
      />
    </div>
  );
}
