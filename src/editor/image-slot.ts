import type Quill from "quill";
import * as Y from "yjs";

/**
 * Where images whose upload started at `index` land when each finishes, seconds later: at the
 * same place in the text, followed through the edits made meanwhile (by this person or anyone
 * else), not at the number `index` was, which by then may be mid-word elsewhere. The place is a
 * Yjs relative position tied to the character before it, so typing on at the caret goes after
 * the images, as in a word processor. Images land in the order they were picked, whatever order
 * their uploads finish in. Each one takes the caret past itself if the caret was where it lands,
 * so that typing goes on after the image.
 */
export function imageSlot(quill: Quill, body: Y.Text, index: number) {
  const doc = body.doc;
  let anchor = Y.createRelativePositionFromTypeIndex(body, index, -1);
  let previous: Promise<unknown> = Promise.resolve();

  const currentIndex = () => (doc ? Y.createAbsolutePositionFromRelativePosition(anchor, doc)?.index : undefined) ?? Math.min(index, quill.getLength() - 1);

  return {
    /** Inserts the image at `upload`'s address once it and every image picked before it have landed or failed; rejects as `upload` does. */
    place(upload: Promise<string>): Promise<void> {
      const placed = Promise.all([upload, previous.catch(() => undefined)]).then(([url]) => {
        const at = currentIndex();
        const caret = quill.getSelection();
        quill.insertEmbed(at, "image", url, "user");
        if (caret && caret.length === 0 && caret.index === at) quill.setSelection(at + 1, 0, "api");
        anchor = Y.createRelativePositionFromTypeIndex(body, at + 1, -1);
      });
      previous = placed;
      return placed;
    },
  };
}
