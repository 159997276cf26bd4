"use client";

import type { ReactNode } from "react";
import { useEffect, useRef, useSyncExternalStore } from "react";
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
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => reserveRoomForFoot(ref.current), []);
  return (
    <div
      ref={ref}
      id={FOOT_ID}
      className="pointer-events-none fixed inset-x-0 bottom-[max(1rem,env(safe-area-inset-bottom))] z-40 flex flex-col items-center px-4 md:left-64"
    />
  );
}

// The live regions waiting in the foot are visually hidden; only a notice makes it this tall.
const SHOWN_MIN_PX = 16;

/**
 * While the foot shows something, `--window-foot-space` holds how far up from the window's bottom
 * it reaches (globals.css gives it to the page as scroll padding and as room below the main
 * content): the caret Quill scrolls into view, and the document's last lines, stay above the
 * notice instead of under it. Measured when the foot's size changes, never per keystroke.
 */
function reserveRoomForFoot(host: HTMLElement | null): (() => void) | undefined {
  if (!host) return undefined;
  const root = document.documentElement;
  const measure = () => {
    const box = host.getBoundingClientRect();
    const space = box.height >= SHOWN_MIN_PX ? Math.ceil(window.innerHeight - box.top) : 0;
    root.style.setProperty("--window-foot-space", `${space}px`);
  };
  const observer = new ResizeObserver(measure);
  observer.observe(host);
  return () => {
    observer.disconnect();
    root.style.removeProperty("--window-foot-space");
  };
}

const subscribe = () => () => {};

/** Renders `children` into the window's foot (WindowFootHost), once the page is hydrated. */
export function AtWindowFoot({ children }: { children: ReactNode }) {
  const host = useSyncExternalStore(subscribe, () => document.getElementById(FOOT_ID), () => null);
  return host ? createPortal(children, host) : null;
}
