"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { ActionResult } from "@/shared/api-error";
import { reachServer } from "./reach-server";
import { keepFocusNear } from "./return-focus";

/** What a list says after an action on one of its rows: a status, or an alert when it failed. */
export interface RowActionNotice {
  text: string;
  isError: boolean;
}

/**
 * The one way a settings or trash list runs a server action on a row: in a transition (the list
 * is aria-busy meanwhile; reachServer's message when no answer came), the action's own message on failure, `done`'s text on success, then the
 * server components re-render so the row shows its new state (unless `refresh` is false: the
 * page is being left). `done` returns null to say nothing (it may navigate away instead).
 * Run from a control on the page (not a dialog's button: the dialog gives focus back itself),
 * focus stays with that control while its buttons are disabled, and goes to the next row's when
 * the action removed it (lib/return-focus.ts `keepFocusNear`).
 */
export function useRowActions() {
  const router = useRouter();
  const [isPending, startTransition] = useTransition();
  const [notice, setNotice] = useState<RowActionNotice | null>(null);

  function run<T>(action: () => Promise<ActionResult<T>>, done: (data: T) => string | null, { refresh = true } = {}): void {
    const from = document.activeElement;
    if (from instanceof HTMLElement && from !== document.body && !from.closest("[role=dialog], [role=alertdialog]")) keepFocusNear(from);
    startTransition(async () => {
      const result = await reachServer(action);
      if (!result.ok) return setNotice({ text: result.message, isError: true });
      const text = done(result.data);
      // One transition for the sentence and the refreshed list: the notice "Removed Ada" appears
      // with Ada's row gone, not a round trip before (updates after an await leave the first).
      startTransition(() => {
        setNotice(text === null ? null : { text, isError: false });
        if (refresh) router.refresh();
      });
    });
  }

  return { isPending, notice, setNotice, run, router };
}
