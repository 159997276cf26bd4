"use client";

import { useEffect, useState } from "react";
import * as Y from "yjs";
import type { EditorHandle } from "@/components/document-editor";
import { Avatar } from "@/components/ui/avatar";
import type { Collaborator } from "@/editor/connection/use-presence";

const SHOWN = 5;

/**
 * Everyone else in the document, as avatars with their cursor colour. Clicking one follows
 * that person's cursor (the page scrolls to it as it moves) until clicked again, Escape,
 * or the follower types.
 */
export function PresenceAvatars({ collaborators, editor }: { collaborators: Collaborator[]; editor: EditorHandle | null }) {
  const [followedId, setFollowedId] = useState<string | null>(null);
  const followed = collaborators.find((c) => c.userId === followedId) ?? null;

  useEffect(() => {
    if (!followed || !editor) return;
    const { provider, doc, quill } = editor;
    const awareness = provider.awareness;
    if (!awareness) return;
    const scrollToCursor = () => {
      const cursor = (awareness.getStates().get(followed.clientId) as { cursor?: { head?: unknown } } | undefined)?.cursor;
      if (!cursor?.head) return;
      const head = Y.createAbsolutePositionFromRelativePosition(Y.createRelativePositionFromJSON(cursor.head), doc);
      if (!head) return;
      const bounds = quill.getBounds(head.index);
      if (!bounds) return;
      const top = quill.root.getBoundingClientRect().top + bounds.top;
      // Only when it has left the middle of the screen: following should not jitter on every key.
      if (top < window.innerHeight * 0.15 || top > window.innerHeight * 0.85) {
        window.scrollBy({ top: top - window.innerHeight / 3, behavior: "smooth" });
      }
    };
    const stopOnOwnEdit = (_delta: unknown, _old: unknown, source: string) => {
      if (source === "user") setFollowedId(null);
    };
    const stopOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") setFollowedId(null);
    };
    scrollToCursor();
    awareness.on("change", scrollToCursor);
    quill.on("text-change", stopOnOwnEdit);
    window.addEventListener("keydown", stopOnEscape);
    return () => {
      awareness.off("change", scrollToCursor);
      quill.off("text-change", stopOnOwnEdit);
      window.removeEventListener("keydown", stopOnEscape);
    };
  }, [followed, editor]);

  if (collaborators.length === 0) return null;
  const hidden = collaborators.slice(SHOWN);
  return (
    <div className="flex items-center gap-2">
      <ul className="flex items-center -space-x-1.5" aria-label={`${collaborators.length} other ${collaborators.length === 1 ? "person" : "people"} here`}>
        {collaborators.slice(0, SHOWN).map((person) => {
          const isFollowed = person.userId === followedId;
          return (
            <li key={person.userId}>
              <button
                type="button"
                onClick={() => setFollowedId(isFollowed ? null : person.userId)}
                aria-pressed={isFollowed}
                title={isFollowed ? `Following ${person.name} — click or press Escape to stop` : `${person.name} — click to follow`}
                className="rounded-full ring-2 ring-bg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent data-[followed=true]:ring-accent"
                data-followed={isFollowed}
                data-testid="presence-avatar"
              >
                <Avatar name={person.name} color={person.color} size={26} />
                {/* The name as text, not aria-label: a label that doesn't contain the visible initials fails WCAG 2.5.3. */}
                <span className="sr-only">{`${person.name}: ${isFollowed ? "stop following" : "follow their cursor"}`}</span>
              </button>
            </li>
          );
        })}
        {hidden.length > 0 ? (
          <li
            className="inline-flex size-[26px] items-center justify-center rounded-full bg-surface text-fg text-xs font-medium ring-2 ring-bg"
            title={hidden.map((p) => p.name).join(", ")}
          >
            +{hidden.length}
          </li>
        ) : null}
      </ul>
      <span role="status" className="text-xs text-muted">
        {followed ? `Following ${followed.name}` : ""}
      </span>
    </div>
  );
}
