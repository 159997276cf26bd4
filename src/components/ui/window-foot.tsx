"use client";

import type { ReactNode } from "react";
import { useSyncExternalStore } from "react";
import { createPortal } from "react-dom";

const FOOT_ID = "window-foot";

/**
 * The strip at the bottom of the window where short notices show over the page, so that nothing
 * on the page moves when one comes or goes: the document menu's notices, the offline chip. They
 * stack there instead of covering each other (each keeps `mt-2` above it: a gap would also space
 * the empty live regions waiting there). Rendered once, by the app's frame; right of the sidebar
 * from 768 px. Only what it holds takes pointer events (`pointer-events-auto`).
 */
export function WindowFootHost() {
  return (
    <div
      id={FOOT_ID}
      className="pointer-events-none fixed inset-x-0 bottom-[max(1rem,env(safe-area-inset-bottom))] z-40 flex flex-col items-center px-4 md:left-64"
    />
  );
}

const subscribe = () => () => {};

/** Renders `children` into the window's foot (WindowFootHost), once the page is hydrated. */
export function AtWindowFoot({ children }: { children: ReactNode }) {
  const host = useSyncExternalStore(subscribe, () => document.getElementById(FOOT_ID), () => null);
  return host ? createPortal(children, host) : null;
}
