import type { connectedPayload, Document, Extension } from "@hocuspocus/server";
import { AwarenessWindow } from "./awareness-window";
import { divertAwareness } from "./divert-awareness";

/**
 * Awareness (cursors, who is here) handled once per broadcast window per document rather than
 * once per message (`AwarenessWindow`): with n people typing, every keystroke also moves a
 * cursor, and that per-message work is what grew with the crowd.
 */
export class AwarenessWindowExtension implements Extension {
  private readonly windows = new WeakMap<Document, AwarenessWindow>();

  constructor(private readonly windowMs: number) {}

  async connected({ connection }: connectedPayload): Promise<void> {
    divertAwareness(connection, (update) => this.windowOf(connection.document).receive(connection, update));
  }

  /** The document's window (created with its first diverted message); exposed for tests. */
  windowOf(document: Document): AwarenessWindow {
    let window = this.windows.get(document);
    if (!window) this.windows.set(document, (window = new AwarenessWindow(document, this.windowMs)));
    return window;
  }
}
