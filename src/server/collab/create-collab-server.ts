import { Hocuspocus } from "@hocuspocus/server";
import type { Db } from "../db/client";
import type { ResolveActor } from "./auth-extension";
import { AuthExtension } from "./auth-extension";
import { MembershipExtension } from "./membership-extension";
import { PersistenceExtension } from "./persistence-extension";
import { SanitizeExtension } from "./sanitize-extension";

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
    extensions: [
      new AuthExtension(options.resolveActor, options.getDb),
      // Role changes and removals reach connections that are already open.
      new MembershipExtension(options.getDb),
      // Every client update is made safe before it is applied, stored or relayed.
      new SanitizeExtension(),
      new PersistenceExtension(options.getDb),
    ],
  });
}
