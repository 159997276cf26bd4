"use client";

import { useEffect, useState } from "react";
import { clearOfflineData, DEVICE_COPY_PREFIX } from "@/editor/connection/offline-pages";
import type { NotSaved } from "@/editor/connection/save-unsent";
import { holdsUnsentChanges, unsentDocuments } from "@/editor/connection/unsent-changes";
import { reachServer } from "@/lib/reach-server";
import { confirmLeaving } from "@/lib/use-leave-guard";
import { signOutAction } from "@/server/actions/auth-actions";

/** Where a sign-out stands, when it hasn't left the page (docs/product.md "States", signing out). */
export type SignOutState =
  | { kind: "saving" }
  | { kind: "offline" }
  | { kind: "unreachable" }
  /** Changes on this device the server doesn't have, and couldn't be given: the person decides. */
  | { kind: "unsaved"; documents: NotSaved[] };

/**
 * "Sign out": ends the session and forgets this person's offline pages and document copies, and
 * loses nothing typed. Without a network it does nothing but say so (the session can only be
 * ended by the server). Online, what the device holds that the server lacks is sent first; what
 * can't be stays, and the sign-out stops to say which documents, unless `discardUnsaved`.
 */
export function useSignOut(userId: string): { state: SignOutState | null; signOut: (options?: { discardUnsaved?: boolean }) => Promise<void> } {
  const [state, setState] = useState<SignOutState | null>(null);
  const isOffline = state?.kind === "offline";
  // "You're offline" is no longer true once the network is back.
  useEffect(() => {
    if (!isOffline) return;
    const clear = () => setState(null);
    window.addEventListener("online", clear);
    return () => window.removeEventListener("online", clear);
  }, [isOffline]);
  const signOut = async ({ discardUnsaved = false } = {}) => {
    if (!navigator.onLine) return setState({ kind: "offline" });
    // Signing out leaves the page: one holding unsaved work (the template editor) asks first.
    if (!(await confirmLeaving())) return;
    if (!discardUnsaved && unsentDocuments(userId).length > 0) {
      setState({ kind: "saving" });
      const { saveUnsentChanges } = await import("@/editor/connection/save-unsent");
      const notSaved = await saveUnsentChanges(userId);
      if (notSaved.some((document) => document.outcome === "unreachable")) return setState({ kind: "unreachable" });
      if (notSaved.length > 0) return setState({ kind: "unsaved", documents: notSaved });
    }
    // Another person's copies holding changes kept for them stay: only they can save them.
    const ownCopies = `${DEVICE_COPY_PREFIX}${userId}:`;
    const forget = () => clearOfflineData((copy) => !copy.startsWith(ownCopies) && holdsUnsentChanges(copy));
    try {
      const result = await reachServer(async () => ({ ok: true as const, data: await signOutAction() }));
      if (!result.ok) return setState({ kind: "unreachable" });
    } catch {
      // The action's redirect to sign-in, which the router is already following: the session has ended.
    }
    setState(null);
    await forget();
  };
  return { state, signOut };
}
