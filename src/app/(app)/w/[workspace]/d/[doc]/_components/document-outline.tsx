"use client";

import type { MouseEvent } from "react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { EditorHandle } from "@/components/document-editor";
import { OutlineList } from "@/components/document-outline/outline-list";
import type { LiveOutlineEntry } from "@/editor/outline";
import { sectionInView, watchOutline } from "@/editor/outline";

// The open list keeps this far from the window's edges (it is right-aligned to its button, which
// on a phone sits too far left for the list's width).
const EDGE_PX = 16;

// A heading scrolled to stops 7rem (112 px) down, below the sticky toolbar (editor.css
// scroll-margin-top); the section in view is the last heading above a line a little lower.
const TOP_OFFSET_PX = 136;

/**
 * The document's contents: its headings, live as people type, the section in view marked;
 * a click (or Enter) scrolls to the heading and puts the caret there, and the address gets its
 * `#h-…` anchor to share. A link opened with an anchor scrolls to it once the editor is live.
 * A column beside the text on wide screens; a "Contents" disclosure above it otherwise.
 */
export function DocumentOutline({ editor }: { editor: EditorHandle | null }) {
  const [outline, setOutline] = useState<LiveOutlineEntry[]>([]);
  const [active, setActive] = useState<string | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const hasFollowedHash = useRef(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const quill = editor?.quill ?? null;

  // The open list stays inside the window: moved right by what would be past its left edge.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!isOpen || !list) return;
    const place = () => {
      list.style.translate = "";
      const shift = Math.max(0, EDGE_PX - list.getBoundingClientRect().left);
      if (shift) list.style.translate = `${shift}px 0`;
    };
    place();
    window.addEventListener("resize", place);
    return () => {
      window.removeEventListener("resize", place);
      list.style.translate = "";
    };
  }, [isOpen]);

  useEffect(() => {
    if (!quill) return;
    return watchOutline(quill, (next) => {
      setOutline(next);
      if (hasFollowedHash.current) return;
      hasFollowedHash.current = true;
      const hash = decodedHash();
      const target = next.find((entry) => `#${entry.anchor}` === hash);
      // After the frame: the editor puts its caret at the start as it goes live, which scrolls to the top.
      if (target) requestAnimationFrame(() => target.element.scrollIntoView({ block: "start" }));
    });
  }, [quill]);

  useEffect(() => {
    if (outline.length === 0) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      setActive(sectionInView(outline, TOP_OFFSET_PX)?.anchor ?? null);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    // Capture: the page may scroll in a container rather than the window.
    window.addEventListener("scroll", onScroll, { capture: true, passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll, { capture: true });
      if (frame) cancelAnimationFrame(frame);
    };
  }, [outline]);

  if (outline.length === 0) return null;

  const goTo = (entry: { anchor: string }, event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const target = outline.find((candidate) => candidate.anchor === entry.anchor);
    if (!target || !quill) return;
    window.history.replaceState(window.history.state, "", `#${target.anchor}`);
    target.element.scrollIntoView({ block: "start" });
    setActive(target.anchor);
    setIsOpen(false);
    if (quill.isEnabled()) {
      const blot = (quill.constructor as unknown as { find(node: Node): unknown }).find(target.element);
      if (blot) quill.setSelection(quill.getIndex(blot as Parameters<typeof quill.getIndex>[0]), 0, "user");
    }
  };

  return (
    // From 1680 px there is room for a column right of the text; below, a button in the document's bar opens the list.
    <nav
      aria-labelledby="document-outline-heading"
      data-testid="document-outline"
      className="relative text-sm min-[1680px]:fixed min-[1680px]:top-28 min-[1680px]:right-6 min-[1680px]:w-56"
      onKeyDown={(event) => {
        if (event.key === "Escape" && isOpen) {
          setIsOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <h2 id="document-outline-heading" className="sr-only min-[1680px]:not-sr-only min-[1680px]:mb-2 min-[1680px]:text-xs min-[1680px]:font-semibold min-[1680px]:uppercase min-[1680px]:tracking-wide min-[1680px]:text-muted">
        Contents
      </h2>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls="document-outline-list"
        onClick={() => setIsOpen((open) => !open)}
        className="inline-flex min-h-9 items-center rounded-md border border-border px-3 font-medium hover:bg-surface min-[1680px]:hidden"
      >
        Contents ({outline.length})
      </button>
      <div
        id="document-outline-list"
        ref={listRef}
        className={`${isOpen ? "absolute right-0 z-30 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-lg border border-border bg-bg p-2 shadow-lg" : "hidden"} max-h-[60vh] overflow-y-auto min-[1680px]:static min-[1680px]:mt-0 min-[1680px]:block min-[1680px]:w-auto min-[1680px]:max-h-[calc(100vh-10rem)] min-[1680px]:border-0 min-[1680px]:bg-transparent min-[1680px]:p-0 min-[1680px]:shadow-none`}
      >
        <OutlineList outline={outline} activeAnchor={active} onSelect={goTo} />
      </div>
    </nav>
  );
}

// The address's anchor as text: the browser keeps `#h-概要` percent-encoded; a malformed escape
// (typed or truncated by hand) names no heading.
function decodedHash(): string {
  try {
    return decodeURIComponent(window.location.hash);
  } catch {
    return "";
  }
}
