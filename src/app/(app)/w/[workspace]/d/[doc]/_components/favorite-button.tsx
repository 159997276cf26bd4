"use client";

import { useState, useTransition } from "react";
import { toggleFavoriteAction } from "@/server/actions/document-actions";
import { reachServer } from "@/lib/reach-server";

/** The star in the editor header: adds the document to the favourites on the workspace home. */
export function FavoriteButton({ documentId, isFavorite }: { documentId: string; isFavorite: boolean }) {
  const [isOn, setIsOn] = useState(isFavorite);
  const [isPending, startTransition] = useTransition();
  return (
    <button
      type="button"
      aria-pressed={isOn}
      aria-label={isOn ? "Remove from favourites" : "Add to favourites"}
      title={isOn ? "Remove from favourites" : "Add to favourites"}
      aria-busy={isPending}
      onClick={() =>
        startTransition(async () => {
          setIsOn(!isOn); // optimistic; put back if the server disagrees
          const result = await reachServer(() => toggleFavoriteAction({ documentId }));
          setIsOn(result.ok ? result.data.isFavorite : isOn);
        })
      }
      className="inline-flex size-9 items-center justify-center rounded-md text-muted hover:bg-surface hover:text-fg aria-pressed:text-amber-500"
    >
      <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill={isOn ? "currentColor" : "none"} stroke="currentColor" strokeWidth="1.8">
        <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9z" />
      </svg>
    </button>
  );
}
