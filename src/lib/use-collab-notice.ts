import type { HocuspocusProvider } from "@hocuspocus/provider";
import { useEffect, useState } from "react";
import { UPDATE_ADJUSTED_MESSAGE } from "@/shared/collab/close-codes";

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
    provider.on("stateless", onStateless);
    provider.on("authenticationFailed", onDenied);
    return () => {
      provider.off("stateless", onStateless);
      provider.off("authenticationFailed", onDenied);
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
