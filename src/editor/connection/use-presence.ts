import type { HocuspocusProvider } from "@hocuspocus/provider";
import { useEffect, useState } from "react";

/** Someone else with this document open (one entry per person, however many tabs). */
export interface Collaborator {
  /** The awareness client id of their most recently seen tab: its cursor is the one to follow. */
  clientId: number;
  userId: string;
  name: string;
  color: string;
}

const FALLBACK_COLOR = "#64748b";

interface AwarenessUser {
  id?: unknown;
  name?: unknown;
  color?: unknown;
}

/**
 * The other people in the document, from Yjs awareness, in the order they arrived. The
 * person's own other tabs are left out: their cursors still show in the text.
 */
export function usePresence(provider: HocuspocusProvider | null, selfId: string): Collaborator[] {
  const [collaborators, setCollaborators] = useState<Collaborator[]>([]);
  useEffect(() => {
    const awareness = provider?.awareness;
    if (!awareness) return;
    const update = () => {
      const byUser = new Map<string, Collaborator>();
      awareness.getStates().forEach((state, clientId) => {
        if (clientId === awareness.clientID) return;
        const user = (state as { user?: AwarenessUser }).user;
        // Awareness is relayed from other clients as they sent it: keep only well-formed entries.
        if (!user || typeof user.id !== "string" || typeof user.name !== "string" || typeof user.color !== "string") return;
        if (user.id === selfId) return;
        const color = /^#[0-9a-f]{6}$/i.test(user.color) ? user.color : FALLBACK_COLOR;
        byUser.set(user.id, { clientId, userId: user.id, name: user.name.slice(0, 80) || "Someone", color });
      });
      const next = [...byUser.values()];
      // Awareness changes with every remote cursor move: keep the same list (no re-render, and
      // following keeps its subscription) unless who is here, or their tab, changed.
      setCollaborators((current) => (sameCollaborators(current, next) ? current : next));
    };
    update();
    awareness.on("change", update);
    return () => {
      awareness.off("change", update);
      setCollaborators([]);
    };
  }, [provider, selfId]);
  return collaborators;
}

function sameCollaborators(a: Collaborator[], b: Collaborator[]): boolean {
  return (
    a.length === b.length &&
    a.every((x, i) => {
      const y = b[i];
      return y !== undefined && x.clientId === y.clientId && x.userId === y.userId && x.name === y.name && x.color === y.color;
    })
  );
}
