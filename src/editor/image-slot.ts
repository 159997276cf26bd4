import type Quill from "quill";
import { trackRange } from "./tracked-range";

/**
 * Where images whose upload started at `index` land when each finishes, seconds later: at the
 * same place in the text, followed through the edits made meanwhile (by this person or anyone
 * else: tracked-range.ts), not at the number `index` was, which by then may be mid-word elsewhere.
 * The place keeps to the character before it, so typing on at the caret goes after the images, as
 * in a word processor. Images land in the order they were picked, whatever order their uploads
 * finish in. Each one takes the caret past itself if the caret was where it lands, so that typing
 * goes on after the image. Call `place` for each image of one pick at once: the slot stops
 * following the text once every image given has landed or failed.
 */
export function imageSlot(quill: Quill, index: number) {
  const slot = trackRange(quill, { index, length: 0 });
  let previous: Promise<unknown> = Promise.resolve();
  let pending = 0;

  return {
    /** Inserts the image at `upload`'s address once it and every image picked before it have landed or failed; rejects as `upload` does. */
    place(upload: Promise<string>): Promise<void> {
      pending += 1;
      const placed = Promise.all([upload, previous.catch(() => undefined)]).then(([url]) => {
        const at = Math.min(slot.get().index, quill.getLength() - 1);
        const caret = quill.getSelection();
        quill.insertEmbed(at, "image", url, "user");
        if (caret && caret.length === 0 && caret.index === at) quill.setSelection(at + 1, 0, "api");
        slot.set({ index: at + 1, length: 0 });
      });
      previous = placed;
      const settle = () => {
        pending -= 1;
        if (pending === 0) slot.release();
      };
      placed.then(settle, settle);
      return placed;
    },
  };
}
