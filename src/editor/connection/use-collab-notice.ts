import type { HocuspocusProvider } from "@hocuspocus/provider";
import { useEffect, useState } from "react";
import type { AccessLostReason } from "@/shared/protocol/close-codes";
import {
  ACCESS_CHANGED_MESSAGE,
  ACCESS_LOST_TEXT,
  AUTH_REFUSED_TEXT,
  CLOSE_TOO_MANY_CONNECTIONS,
  INVALID_UPDATE_REASON,
  INVALID_UPDATE_TEXT,
  UPDATE_ADJUSTED_MESSAGE,
  UPDATE_ADJUSTED_TEXT,
  isReasonOf,
} from "@/shared/protocol/close-codes";

/** Something the collaboration server told this editor that the person should read. */
export type CollabNotice =
  | { kind: "adjusted"; message: string }
  /** Refused on connect, or closed later: `lost` says why when the server closed an open editor. */
  | { kind: "denied"; message: string; lost?: AccessLostReason }
  | { kind: "access-changed"; canEdit: boolean; message: string }
  /** The socket was refused past a connection limit; the provider retries, and the notice goes once it gets in. */
  | { kind: "too-many-connections"; message: string };

export const ACCESS_CHANGED_TEXT = {
  readOnly: "Your role in this workspace changed: you can read this document but no longer edit it.",
  editable: "Your role in this workspace changed: you can now edit this document.",
} as const;

/** What the editor says when its socket is refused past a connection limit (CLOSE_TOO_MANY_CONNECTIONS). */
export const TOO_MANY_CONNECTIONS_TEXT =
  "Too many live documents are open on your account or your network. Close some tabs or windows, and this one reconnects by itself.";

/**
 * The server's latest word to this editor: a change it had to adjust (unsafe values
 * blanked, an edit past the size limit dropped), a refused or closed connection (expired
 * session, lost access, trashed document, too many connections) or a role change. Cleared
 * with the returned dismiss function.
 */
export function useCollabNotice(provider: HocuspocusProvider | null): {
  notice: CollabNotice | null;
  dismiss: () => void;
  /** Whether the server now lets this person edit, once it has said so; null before. */
  canEdit: boolean | null;
} {
  const [notice, setNotice] = useState<CollabNotice | null>(null);
  const [canEdit, setCanEdit] = useState<boolean | null>(null);
  useEffect(() => {
    if (!provider) return;
    const onStateless = ({ payload }: { payload: string }) => {
      const parsed = parseServerMessage(payload);
      if (parsed) setNotice(parsed);
      if (parsed?.kind === "access-changed") setCanEdit(parsed.canEdit);
    };
    const onDenied = ({ reason }: { reason: string }) =>
      setNotice({
        kind: "denied",
        message: isReasonOf(AUTH_REFUSED_TEXT, reason) ? AUTH_REFUSED_TEXT[reason] : AUTH_REFUSED_TEXT.forbidden,
        // Refused or lost, the page offers the same way out: Profile → Security.
        ...(reason === "twoFactorRequired" ? { lost: "twoFactorRequired" as const } : {}),
      });
    // The server closes one document's connection with a reason code after a re-check or a
    // refused update, and refuses a whole socket past its connection limits.
    const onClose = ({ event }: { event: { code?: number; reason?: string } }) => {
      if (event.code === CLOSE_TOO_MANY_CONNECTIONS) return setNotice({ kind: "too-many-connections", message: TOO_MANY_CONNECTIONS_TEXT });
      // A document-level close reaches the provider as 1000 with our reason code (close-codes.ts).
      if (event.reason === INVALID_UPDATE_REASON) return setNotice({ kind: "denied", message: INVALID_UPDATE_TEXT });
      const lost = event.reason;
      if (isReasonOf(ACCESS_LOST_TEXT, lost)) setNotice({ kind: "denied", message: ACCESS_LOST_TEXT[lost], lost });
    };
    const onSynced = () => setNotice((current) => (current?.kind === "too-many-connections" ? null : current));
    provider.on("stateless", onStateless);
    provider.on("authenticationFailed", onDenied);
    provider.on("close", onClose);
    provider.on("synced", onSynced);
    return () => {
      provider.off("stateless", onStateless);
      provider.off("authenticationFailed", onDenied);
      provider.off("close", onClose);
      provider.off("synced", onSynced);
    };
  }, [provider]);
  return { notice, dismiss: () => setNotice(null), canEdit };
}

function parseServerMessage(payload: string): CollabNotice | null {
  let message: { type?: unknown; reason?: unknown; canEdit?: unknown };
  try {
    message = JSON.parse(payload) as typeof message; // our server's stateless JSON
  } catch {
    return null; // not ours: other stateless messages are ignored
  }
  if (message.type === UPDATE_ADJUSTED_MESSAGE && isReasonOf(UPDATE_ADJUSTED_TEXT, message.reason)) {
    return { kind: "adjusted", message: UPDATE_ADJUSTED_TEXT[message.reason] };
  }
  if (message.type === ACCESS_CHANGED_MESSAGE && typeof message.canEdit === "boolean") {
    const text = message.canEdit ? ACCESS_CHANGED_TEXT.editable : ACCESS_CHANGED_TEXT.readOnly;
    return { kind: "access-changed", canEdit: message.canEdit, message: text };
  }
  return null;
}
