import type { HocuspocusProvider } from "@hocuspocus/provider";
import { useEffect, useRef, useState } from "react";
import type { AccessLostReason, AuthRefusedReason, RefusedUpdateReason } from "@/shared/protocol/close-codes";
import {
  ACCESS_CHANGED_MESSAGE,
  ACCESS_MESSAGE,
  ACCESS_LOST_TEXT,
  AUTH_REFUSED_TEXT,
  CLOSE_TOO_MANY_CONNECTIONS,
  REFUSED_UPDATE_TEXT,
  STORE_FAILING_MESSAGE,
  STORE_FAILING_TEXT,
  UPDATE_ADJUSTED_MESSAGE,
  UPDATE_ADJUSTED_TEXT,
  VERSION_RESTORED_MESSAGE,
  isReasonOf,
} from "@/shared/protocol/close-codes";

/** Something the collaboration server told this editor that the person should read. */
export type CollabNotice =
  | { kind: "adjusted"; message: string }
  /**
   * Refused on connect (`refused` says why), closed later (`lost` says why when the server closed
   * an open editor), or closed over a change the server refused (`refusedUpdate`).
   */
  | { kind: "denied"; message: string; lost?: AccessLostReason; refused?: AuthRefusedReason; refusedUpdate?: RefusedUpdateReason }
  | { kind: "access-changed"; canEdit: boolean; message: string }
  /**
   * Someone restored a version: the body changed under this editor. The page says who, which
   * version, and links to `keptIn`, the revision holding the text from just before.
   */
  | { kind: "restored"; by: { id: string; name: string }; version: { name: string | null; createdAt: string }; keptIn: string }
  /** The socket was refused past a connection limit; the provider retries, and the notice goes once it gets in. */
  | { kind: "too-many-connections"; message: string };

export const ACCESS_CHANGED_TEXT = {
  readOnly: "Your role in this workspace changed: you can read this document but no longer edit it.",
  editable: "Your role in this workspace changed: you can now edit this document.",
} as const;

/**
 * Beside a read-only editor whose device holds changes the server lacks (editor/connection/unsaved-changes.ts):
 * typed while the person could edit and never saved, now kept on this device.
 */
export const UNSAVED_CHANGES_TEXT =
  "What you typed here that wasn't saved is kept on this device. It is saved if you can edit this document again; meanwhile you can copy it or download this document with it.";

/**
 * Beside an editor whose access ended (removed from the workspace, or refused at reconnect) while
 * it held changes the server never took, typed offline or in the moment before: the server won't
 * take them and the page can't be opened again, so the text on screen is the last copy.
 */
export const CHANGES_LEFT_BEHIND_TEXT =
  "Your latest changes here weren't saved before your access ended, and can't be saved now. Download the document as you see it to keep them: they are gone once you leave this page.";

/**
 * Beside an editor whose change the server refused (REFUSED_UPDATE_TEXT): the device's copy, which
 * would offer it again at every reconnect, is forgotten, so the text on screen is the last copy.
 */
export const REFUSED_CHANGE_LEFT_BEHIND_TEXT =
  "What you changed here since the last save can't be saved, and this device no longer keeps it. Download the document as you see it to keep it: it is gone once you reload or leave this page.";

/** What the editor says when its socket is refused past a connection limit (CLOSE_TOO_MANY_CONNECTIONS). */
export const TOO_MANY_CONNECTIONS_TEXT =
  "Too many live documents are open on your account or your network. Close some tabs or windows, and this one reconnects by itself.";

/**
 * The server's latest word to this editor: a change it had to adjust (unsafe values
 * blanked, an edit past the size limit dropped), a refused or closed connection (expired
 * session, lost access, trashed document, too many connections), a role change, or a
 * version restored by someone. Cleared with the returned dismiss function.
 *
 * `believedCanEdit` is what the page was rendered with. Every connection hears whether the
 * server takes its changes (ACCESS_MESSAGE); when that differs from what the page believes (the
 * role changed while it was offline or closed), it is said like a role change on an open page.
 */
export function useCollabNotice(
  provider: HocuspocusProvider | null,
  believedCanEdit: boolean,
): {
  notice: CollabNotice | null;
  dismiss: () => void;
  /** Whether the server now lets this person edit, once it has said so; null before. */
  canEdit: boolean | null;
} {
  const [notice, setNotice] = useState<CollabNotice | null>(null);
  const [canEdit, setCanEdit] = useState<boolean | null>(null);
  const belief = useRef(believedCanEdit);
  useEffect(() => {
    if (!provider) return;
    const onStateless = ({ payload }: { payload: string }) => {
      const parsed = parseServerMessage(payload);
      if (!parsed) return;
      // Told at connect: news only when it isn't what the page believes.
      const isSame = parsed.kind === "access" && parsed.canEdit === belief.current;
      const said: CollabNotice = parsed.kind === "access" ? { ...parsed, kind: "access-changed" } : parsed;
      if (!isSame) setNotice(said);
      if (said.kind === "access-changed") {
        belief.current = said.canEdit;
        setCanEdit(said.canEdit);
      }
    };
    const onDenied = ({ reason }: { reason: string }) =>
      setNotice({
        kind: "denied",
        message: isReasonOf(AUTH_REFUSED_TEXT, reason) ? AUTH_REFUSED_TEXT[reason] : AUTH_REFUSED_TEXT.forbidden,
        refused: isReasonOf(AUTH_REFUSED_TEXT, reason) ? reason : "forbidden",
        // Refused at connect or lost while open, the page says the same and offers the same way out.
        ...(reason === "twoFactorRequired" ? { lost: "twoFactorRequired" as const } : {}),
        ...(reason === "trashed" ? { lost: "trashed" as const } : {}),
        ...(reason === "unauthenticated" ? { lost: "signedOut" as const } : {}),
      });
    // The server closes one document's connection with a reason code after a re-check or a
    // refused update, and refuses a whole socket past its connection limits.
    const onClose = ({ event }: { event: { code?: number; reason?: string } }) => {
      if (event.code === CLOSE_TOO_MANY_CONNECTIONS) return setNotice({ kind: "too-many-connections", message: TOO_MANY_CONNECTIONS_TEXT });
      // A document-level close reaches the provider as 1000 with our reason code (close-codes.ts).
      if (isReasonOf(REFUSED_UPDATE_TEXT, event.reason)) {
        return setNotice({ kind: "denied", message: REFUSED_UPDATE_TEXT[event.reason], refusedUpdate: event.reason });
      }
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

/** A server message: a notice, or the access every connection is told of (shown only when it differs from the page's). */
type ServerMessage = CollabNotice | { kind: "access"; canEdit: boolean; message: string };

function parseServerMessage(payload: string): ServerMessage | null {
  let message: { type?: unknown; reason?: unknown; canEdit?: unknown; by?: unknown; version?: unknown; keptIn?: unknown; isFailing?: unknown };
  try {
    message = JSON.parse(payload) as typeof message; // our server's stateless JSON
  } catch {
    return null; // not ours: other stateless messages are ignored
  }
  if (message.type === UPDATE_ADJUSTED_MESSAGE && isReasonOf(UPDATE_ADJUSTED_TEXT, message.reason)) {
    return { kind: "adjusted", message: UPDATE_ADJUSTED_TEXT[message.reason] };
  }
  if (message.type === STORE_FAILING_MESSAGE && typeof message.isFailing === "boolean") {
    return { kind: "adjusted", message: message.isFailing ? STORE_FAILING_TEXT.failing : STORE_FAILING_TEXT.stored };
  }
  if ((message.type === ACCESS_CHANGED_MESSAGE || message.type === ACCESS_MESSAGE) && typeof message.canEdit === "boolean") {
    const text = message.canEdit ? ACCESS_CHANGED_TEXT.editable : ACCESS_CHANGED_TEXT.readOnly;
    return { kind: message.type === ACCESS_MESSAGE ? "access" : "access-changed", canEdit: message.canEdit, message: text };
  }
  if (message.type === VERSION_RESTORED_MESSAGE) return parseRestored(message);
  return null;
}

function parseRestored({ by, version, keptIn }: { by?: unknown; version?: unknown; keptIn?: unknown }): CollabNotice | null {
  const person = by as { id?: unknown; name?: unknown } | null | undefined;
  const restored = version as { name?: unknown; createdAt?: unknown } | null | undefined;
  if (typeof person?.id !== "string" || typeof person.name !== "string" || typeof keptIn !== "string") return null;
  if (typeof restored?.createdAt !== "string" || (restored.name !== null && typeof restored.name !== "string")) return null;
  return { kind: "restored", by: { id: person.id, name: person.name }, version: { name: restored.name, createdAt: restored.createdAt }, keptIn };
}
