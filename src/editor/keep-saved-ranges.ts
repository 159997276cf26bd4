import type Quill from "quill";
import type { Delta, Range } from "quill";
import { followRange } from "./tracked-range";

/** What of snow's link and formula box this reads (quill/themes/snow.js, base.js). */
interface SnowTooltip {
  /** The link the caret is in, which the box's "Edit" and "Remove" act on. */
  linkRange?: Range;
}

/**
 * Keeps the ranges Quill saves for later on the same characters while edits arrive
 * (tracked-range.ts's rule). Quill moves the live selection past each change, but once the focus
 * has left the text (the link or formula box's field, the toolbar, a dialog) it holds the
 * selection as the numbers it had: the link box's Enter, the formula box's, an image picked from
 * the toolbar, a toolbar button reached with Alt+F10 and the caret a closing dialog gives back all
 * act on `selection.savedRange`, and "Edit"/"Remove" of a link on the box's `linkRange`, which
 * nothing moved, so a co-editor typing above put the link or formula on other words. The saved
 * range moves only while Quill has no live selection (`lastRange`, read just before each change
 * made through its API, as y-quill's are); with one, Quill moves it itself.
 */
export function keepSavedRangesInPlace(quill: Quill): void {
  const tooltip = (quill.theme as unknown as { tooltip?: SnowTooltip }).tooltip; // snow's; untyped in quill's types
  quill.on("editor-change", (type: string, change: unknown) => {
    if (type !== "text-change") return;
    const delta = change as Delta;
    const { selection } = quill;
    if (selection.lastRange === null) selection.savedRange = followRange(selection.savedRange, delta);
    if (tooltip?.linkRange) tooltip.linkRange = followRange(tooltip.linkRange, delta);
  });
}
