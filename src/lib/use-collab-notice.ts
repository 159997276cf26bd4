import type { HocuspocusProvider } from "@hocuspocus/provider";
import { useEffect, useState } from "react";
import { AUTH_REFUSED_REASON, UPDATE_ADJUSTED_MESSAGE } from "@/shared/collab/close-codes";

/** Something the collaboration server told this editor that the person should read. */
export interface CollabNotice {
  kind: "adjusted" | "denied";
  message: string;
}

/**
 * The server's latest word to this editor: a change it had to adjust (unsafe values
 * blanked, an edit past the size limit dropped) or a refused connection (expired session,
 * lost access). Cleared with the returned dismiss function.
 */
export function useCollabNotice(provider: HocuspocusProvider | null): [CollabNotice | null, () => void] {
  const [notice, setNotice] = useState<CollabNotice | null>(null);
  useEffect(() => {
    if (!provider) return;
    const onStateless = ({ payload }: { payload: string }) => {
      const parsed = parseAdjusted(payload);
      if (parsed) setNotice({ kind: "adjusted", message: parsed });
    };
    const onDenied = ({ reason }: { reason: string }) => setNotice({ kind: "denied", message: reason });
    // Removed from the workspace while the document is open: the server closes it with this reason.
    const onClosed = ({ event }: { event: { reason?: string } }) => {
      if (event.reason === AUTH_REFUSED_REASON.forbidden) setNotice({ kind: "denied", message: event.reason });
    };
    provider.on("stateless", onStateless);
    provider.on("authenticationFailed", onDenied);
    provider.on("close", onClosed);
    return () => {
      provider.off("stateless", onStateless);
      provider.off("authenticationFailed", onDenied);
      provider.off("close", onClosed);
    };
  }, [provider]);
  return [notice, () => setNotice(null)];
}

function parseAdjusted(payload: string): string | null {
  try {
    const message = JSON.parse(payload) as { type?: unknown; message?: unknown }; // our server's stateless JSON
    return message.type === UPDATE_ADJUSTED_MESSAGE && typeof message.message === "string" ? message.message : null;
  } catch {
    return null; // not ours: other stateless messages are ignored
  }
}
