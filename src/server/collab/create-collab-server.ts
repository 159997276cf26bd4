import { Hocuspocus } from "@hocuspocus/server";
import type { Db } from "../db/client";
import type { ResolveActor } from "./auth-extension";
import { AuthExtension } from "./auth-extension";
import { PersistenceExtension } from "./persistence-extension";
import { SanitizeExtension } from "./sanitize-extension";

/** How long a document's broadcasts are gathered before they go out (Hocuspocus `flushDelay`). */
export const BROADCAST_FLUSH_MS = 25;

export interface CollabServerOptions {
  resolveActor: ResolveActor;
  getDb: () => Promise<Db>;
}

/** The Hocuspocus instance behind `/collab`: authentication, sanitising, then the Yjs sync protocol with persistence. */
export function createCollabServer(options: CollabServerOptions): Hocuspocus {
  return new Hocuspocus({
    name: "quire",
    quiet: true,
    // At most 2 s between a change and its store, however long the typing goes on.
    debounce: 2000,
    maxDebounce: 2000,
    // Broadcasts to a document's clients go out at most every 25 ms, each merging what arrived in
    // the window (Hocuspocus's default, 0, flushes every event-loop turn: one socket write per client
    // for every keystroke and cursor move). In two A/B runs of `npm run bench:collab` it took 20–28 %
    // less server CPU per keystroke with 50–150 typists; it adds at most 25 ms (docs/performance-notes.md).
    flushDelay: BROADCAST_FLUSH_MS,
    extensions: [
      new AuthExtension(options.resolveActor, options.getDb),
      // Every client update is made safe before it is applied, stored or relayed.
      new SanitizeExtension(),
      new PersistenceExtension(options.getDb),
    ],
  });
}
