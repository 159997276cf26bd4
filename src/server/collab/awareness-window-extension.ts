import type { connectedPayload, Document, Extension } from "@hocuspocus/server";
import { AwarenessWindow } from "./awareness-window";
import { divertAwareness } from "./divert-awareness";
import { WriteWindow } from "./write-window";

/** One document's windows: its awareness, and the writes that carry it with the document update. */
export interface DocumentWindows {
  awareness: AwarenessWindow;
  writes: WriteWindow;
}

/** A document's windows, wired so that one broadcast (and one write per connection) carries both. */
export function documentWindows(document: Document, windowMs: number): DocumentWindows {
  const writes = new WriteWindow(document, windowMs);
  const awareness = new AwarenessWindow(document, windowMs, Date.now, () => void writes.flush());
  writes.takeFlush = () => awareness.takeDueFlush();
  return { awareness, writes };
}

/**
 * Awareness (cursors, who is here) handled once per broadcast window per document rather than
 * once per message (`AwarenessWindow`): with n people typing, every keystroke also moves a
 * cursor, and that per-message work is what grew with the crowd. The window's awareness and
 * document update then leave in one socket write per connection, with the replies sent to it
 * since the last window (`WriteWindow`).
 */
export class AwarenessWindowExtension implements Extension {
  private readonly windows = new WeakMap<Document, DocumentWindows>();

  constructor(private readonly windowMs: number) {}

  async connected({ connection }: connectedPayload): Promise<void> {
    const { awareness, writes } = this.windowsOf(connection.document);
    writes.attach(connection);
    divertAwareness(connection, (update) => awareness.receive(connection, update));
  }

  /** The document's awareness window (created with its first established connection); exposed for tests. */
  windowOf(document: Document): AwarenessWindow {
    return this.windowsOf(document).awareness;
  }

  private windowsOf(document: Document): DocumentWindows {
    let windows = this.windows.get(document);
    if (!windows) this.windows.set(document, (windows = documentWindows(document, this.windowMs)));
    return windows;
  }
}
