import { Redis } from "@hocuspocus/extension-redis";
import type { Extension } from "@hocuspocus/server";
import { Hocuspocus } from "@hocuspocus/server";
import IORedis from "ioredis";
import type { Db } from "@/server/db/client";
import { AccessWatchExtension } from "./access-watch-extension";
import type { ResolveCaller } from "./auth-extension";
import { AuthExtension } from "./auth-extension";
import { AwarenessWindowExtension } from "./awareness-window-extension";
import { provideCollabEditorBroadcasts } from "./editor-broadcast";
import { forgetCollabServer, registerCollabServer } from "./live-document";
import { PersistenceExtension } from "./persistence-extension";
import { PresenceExtension } from "./presence-extension";
import { SanitizeExtension } from "./sanitize-extension";

/** How long a document's broadcasts are gathered before they go out (Hocuspocus `flushDelay`). */
export const BROADCAST_FLUSH_MS = 25;

export interface CollabServerOptions {
  resolveCaller: ResolveCaller;
  getDb: () => Promise<Db>;
  /** With Redis, instances on one PostgreSQL relay live changes and presence to each other. */
  redisUrl?: string;
  /** How often open connections' access is re-checked (tests shorten it). */
  accessRecheckMs?: number;
  /** The clock that decides when an `auto` revision is due (tests pass their own). */
  now?: () => Date;
  /** Items plus deletions one client update may carry (COLLAB_MAX_UPDATE_ITEMS); BodyGuard's default when unset. */
  maxUpdateItems?: number;
  /** Items one document may hold (COLLAB_MAX_DOCUMENT_ITEMS); BodyGuard's default when unset. */
  maxDocumentItems?: number;
  /** Bytes of content one document may hold (COLLAB_MAX_DOCUMENT_BYTES); BodyGuard's default when unset. */
  maxDocumentBytes?: number;
}

/** The Hocuspocus instance behind `/collab`: authentication, sanitising, then the Yjs sync protocol with persistence. */
export function createCollabServer(options: CollabServerOptions): Hocuspocus {
  let stopEditorBroadcasts = async () => {};
  const extensions: Extension[] = [
    new AuthExtension(options.resolveCaller, options.getDb),
    new AccessWatchExtension(options.getDb, options.accessRecheckMs),
    // Presence shows the person the session belongs to, not a name the client made up.
    new PresenceExtension(),
    // Awareness is gathered per window and applied once, like document updates (awareness-window.ts).
    new AwarenessWindowExtension(BROADCAST_FLUSH_MS),
    // Every client update is made safe before it is applied, stored or relayed.
    new SanitizeExtension({ maxUpdateItems: options.maxUpdateItems, maxDocumentItems: options.maxDocumentItems, maxDocumentBytes: options.maxDocumentBytes }),
    // A store that fails is tried again until it succeeds, the document kept loaded meanwhile.
    new PersistenceExtension(options.getDb, { now: options.now, retryFailedStores: true }),
    // Services (restoring a revision) change live documents through this instance.
    { onDestroy: async ({ instance }) => forgetCollabServer(instance) },
    // Comment changes and renames reach open editors as stateless messages (editor-broadcast.ts).
    { onDestroy: async () => stopEditorBroadcasts() },
  ];
  if (options.redisUrl) {
    const url = options.redisUrl;
    // Priority 1000: its store lock runs before our persistence, so one instance stores each change.
    extensions.push(new Redis({ createClient: () => new IORedis(url, { maxRetriesPerRequest: null }) }));
  }
  const hocuspocus = new Hocuspocus({
    name: "quire",
    quiet: true,
    // At most 2 s between a change and its store, however long the typing goes on.
    debounce: 2000,
    maxDebounce: 2000,
    // A document nobody has open is stored and dropped from memory at once.
    unloadImmediately: true,
    // Broadcasts to a document's clients go out at most every 25 ms, each merging what arrived in
    // the window (Hocuspocus's default, 0, flushes every event-loop turn: one socket write per client
    // for every keystroke and cursor move). In two A/B runs of `npm run bench:collab` it took 20–28 %
    // less server CPU per keystroke with 50–150 typists; it adds at most 25 ms (docs/performance-notes.md).
    flushDelay: BROADCAST_FLUSH_MS,
    extensions,
  });
  registerCollabServer(hocuspocus);
  stopEditorBroadcasts = provideCollabEditorBroadcasts(hocuspocus, options.redisUrl);
  return hocuspocus;
}
