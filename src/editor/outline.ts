import type Quill from "quill";
import type { OutlineEntry } from "@/shared/document-outline";
import { isOutlineLevel, outlineOf } from "@/shared/document-outline";

/** A contents entry with the line it names in the live editor. */
export interface LiveOutlineEntry extends OutlineEntry {
  element: HTMLElement;
}

// Typing changes headings rarely: the list is read again once typing pauses, so a keystroke
// costs one timer, never a walk over the document's lines.
const SETTLE_MS = 250;

interface LineBlot {
  domNode: HTMLElement;
  statics: { blotName: string };
  formats(): Record<string, unknown>;
}

/** The document's headings as the contents list shows them (shared/document-outline.ts). */
export function readOutline(quill: Quill): LiveOutlineEntry[] {
  const headings: Array<{ level: number; text: string; element: HTMLElement }> = [];
  for (const line of quill.getLines() as unknown as LineBlot[]) {
    if (line.statics.blotName !== "header") continue;
    const level = Number(line.formats().header);
    const text = line.domNode.textContent ?? "";
    // The same entries outlineOf keeps, so the two lists line up one to one.
    if (isOutlineLevel(level) && text.trim()) headings.push({ level, text, element: line.domNode });
  }
  return outlineOf(headings).map((entry, i) => ({ ...entry, element: headings[i]?.element ?? quill.root }));
}

/** Calls `onChange` with the outline now, and again whenever it changes. @returns stop watching */
export function watchOutline(quill: Quill, onChange: (outline: LiveOutlineEntry[]) => void): () => void {
  let last: LiveOutlineEntry[] | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const publish = () => {
    timer = undefined;
    const outline = readOutline(quill);
    // Most pauses change no heading. A line's node counts too: Quill makes a new one when a line is re-formatted.
    const isSame = (entry: LiveOutlineEntry, i: number) =>
      last?.[i]?.anchor === entry.anchor && last[i]?.level === entry.level && last[i]?.element === entry.element;
    if (last && last.length === outline.length && outline.every(isSame)) return;
    last = outline;
    onChange(outline);
  };
  const schedule = () => {
    if (timer === undefined) timer = setTimeout(publish, SETTLE_MS);
  };
  publish();
  quill.on("text-change", schedule);
  return () => {
    quill.off("text-change", schedule);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** The entry whose section the reader is in: the last heading above the top `offset` px of the window. */
export function sectionInView(outline: LiveOutlineEntry[], offset: number): LiveOutlineEntry | null {
  let current: LiveOutlineEntry | null = null;
  for (const entry of outline) {
    if (entry.element.getBoundingClientRect().top > offset) break;
    current = entry;
  }
  return current ?? outline[0] ?? null;
}
